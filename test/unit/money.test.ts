import { describe, expect, it } from 'vitest';
import { formatAmount, formatGross, formatMoney, grossOf, sumMoney } from '../../src/shape/money.js';

describe('money', () => {
  it('formats amounts with grouping and at least two decimals, never rounding', () => {
    expect(formatAmount('12400')).toBe('12,400.00');
    expect(formatAmount('12400.5')).toBe('12,400.50');
    expect(formatAmount('-1234567.891')).toBe('-1,234,567.891');
    expect(formatAmount('123.123456789012')).toBe('123.123456789012');
    expect(formatAmount('0.10')).toBe('0.10');
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
