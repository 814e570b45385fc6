import { describe, expect, it } from 'vitest';
import { formatAmount, formatGross, formatMoney, grossOf, minorUnitDigits, sumMoney } from '../../src/shape/money.js';
import { renderTotals } from '../../src/shape/text.js';

describe('money', () => {
  it('shows amounts grouped and rounded half-up to the minor unit, away from zero', () => {
    expect(formatAmount('12400', 'EUR')).toBe('12,400.00');
    expect(formatAmount('12400.5', 'EUR')).toBe('12,400.50');
    expect(formatAmount('775297.33675', 'EUR')).toBe('775,297.34');
    expect(formatAmount('-1234567.891', 'EUR')).toBe('-1,234,567.89');
    expect(formatAmount('0.005', 'EUR')).toBe('0.01');
    expect(formatAmount('-0.005', 'EUR')).toBe('-0.01');
    expect(formatAmount('0.004999999999', 'EUR')).toBe('0.00');
    expect(formatAmount('-0.001', 'EUR')).toBe('0.00');
    expect(formatAmount('999999999999.995', 'EUR')).toBe('1,000,000,000,000.00');
    expect(formatAmount('123.123456789012')).toBe('123.12');
  });

  it("knows each currency's minor unit", () => {
    expect([minorUnitDigits('EUR'), minorUnitDigits('CHF'), minorUnitDigits('JPY'), minorUnitDigits('KWD')]).toEqual([
      2, 2, 0, 3,
    ]);
    expect(minorUnitDigits(undefined)).toBe(2);
    expect(minorUnitDigits('not a currency')).toBe(2);
    expect(formatAmount('1234.5', 'JPY')).toBe('1,235');
    expect(formatAmount('1.2345', 'KWD')).toBe('1.235');
  });

  it('shows totals of exact values, not sums of rounded ones', () => {
    // Three rows of 0.004 each show as 0.00; their exact total, 0.012, shows as 0.01.
    const rows = Array.from({ length: 3 }, () => ({ currency: 'EUR', net: '0.004', tax: '0.0016' }));
    expect(rows.map(formatMoney)).toEqual(Array(3).fill('0.00 EUR net / 0.00 tax'));
    expect(renderTotals({ amount: sumMoney(rows) })).toBe('\nTotal amount of these rows: 0.01 EUR net / 0.00 tax');
  });

  it('writes net and tax with the currency', () => {
    expect(formatMoney({ currency: 'EUR', net: '12400.00', tax: '2356.00' })).toBe('12,400.00 EUR net / 2,356.00 tax');
    expect(formatGross({ amount: '14756', currency: 'EUR' })).toBe('14,756.00 EUR gross');
  });

  it('sums exactly to 12 fractional digits where floats drift', () => {
    const amounts = Array.from({ length: 10 }, () => ({ currency: 'EUR', net: '0.1', tax: '0.000000000001' }));
    expect(sumMoney(amounts)).toEqual([{ currency: 'EUR', net: '1', tax: '0.00000000001' }]);
    expect(
      sumMoney([
        { currency: 'EUR', net: '999999999999.999999999999', tax: '0.000000000001' },
        { currency: 'EUR', net: '0.000000000001', tax: '0' },
      ]),
    ).toEqual([{ currency: 'EUR', net: '1000000000000', tax: '0.000000000001' }]);
  });

  it('keeps currencies apart', () => {
    const totals = sumMoney([
      { currency: 'EUR', net: '1', tax: '0.19' },
      { currency: 'CHF', net: '2', tax: '0.16' },
      { currency: 'EUR', net: '3', tax: '0.57' },
    ]);
    expect(totals).toEqual([
      { currency: 'EUR', net: '4', tax: '0.76' },
      { currency: 'CHF', net: '2', tax: '0.16' },
    ]);
  });

  it('derives gross exactly', () => {
    expect(grossOf({ net: '0.1', tax: '0.2' })).toBe('0.3');
  });
});
