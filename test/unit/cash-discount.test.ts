import { describe, expect, it } from 'vitest';
import { cashDiscountOf, describeCashDiscount, today } from '../../tools/shared/cash-discount.js';

const approved = (discounted: string, undiscounted: string, dateDiscount: string | null) => ({
  id: 'i-1',
  type: 'INVOICE',
  discounted_approved_amount: { net: discounted, tax: '0.00', currency: 'EUR' },
  undiscounted_approved_amount: { net: undiscounted, tax: '0.00', currency: 'EUR' },
  date_discount: dateDiscount,
});

describe('an invoice cash discount', () => {
  it('runs through its last day and has lapsed the day after', () => {
    const invoice = approved('970.00', '1000.00', '2026-11-27');
    expect(cashDiscountOf(invoice, '2026-11-27')).toEqual({
      until: '2026-11-27',
      lapsed: false,
      discounted_approved_gross: '970.00',
      undiscounted_approved_gross: '1000.00',
    });
    expect(cashDiscountOf(invoice, '2026-11-28')?.lapsed).toBe(true);
  });

  it('is none where both approved amounts are equal or the invoice is not approved', () => {
    expect(cashDiscountOf(approved('1000.00', '1000.00', null), '2026-11-27')).toBeNull();
    expect(cashDiscountOf({ id: 'i-2', type: 'INVOICE', discounted_approved_amount: null }, '2026-11-27')).toBeNull();
  });

  it('says which amount is due today', () => {
    const lapsed = cashDiscountOf(approved('970.00', '1000.00', '2026-01-15'), '2026-11-27')!;
    expect(describeCashDiscount(lapsed, 'EUR')).toBe(
      'Cash discount lapsed on 2026-01-15: due today is the undiscounted approved amount, 1,000.00 EUR gross, not the 970.00 EUR after discount.',
    );
    const running = cashDiscountOf(approved('970.00', '1000.00', '2026-12-01'), '2026-11-27')!;
    expect(describeCashDiscount(running, 'EUR')).toBe(
      'Cash discount running until 2026-12-01: paid by then, 970.00 EUR gross settles the approved amount; after that day the undiscounted 1,000.00 EUR is due.',
    );
  });

  it('takes the calendar day where the server runs', () => {
    expect(today(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
