/**
 * An invoice's cash discount (Skonto): the approved amount after discount holds only when it is
 * paid by the discount date; after that day the undiscounted approved amount is due. The API's
 * "discounted approved amount" says nothing about whether that day has passed.
 */
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { formatCurrency, isMoney } from '../../src/shape/money.js';
import { cents, grossValueOf } from '../summaries/figures.js';

export interface CashDiscount {
  /** The last day the discount may be taken; null when the invoice names none. */
  until: string | null;
  /** `until` lies before today: the undiscounted amount is due. */
  lapsed: boolean;
  discounted_approved_gross: string;
  undiscounted_approved_gross: string;
}

/** Today's calendar date where the server runs, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The invoice's cash discount, or null when it has none (no discount, or not approved yet). */
export function cashDiscountOf(invoice: FlatResource, on = today()): CashDiscount | null {
  const { discounted_approved_amount: discounted, undiscounted_approved_amount: undiscounted } = invoice;
  if (!isMoney(discounted) || !isMoney(undiscounted)) return null;
  const discountedGross = grossValueOf(discounted);
  const undiscountedGross = grossValueOf(undiscounted);
  if (discountedGross.equals(undiscountedGross)) return null;
  const until = typeof invoice.date_discount === 'string' ? invoice.date_discount : null;
  return {
    until,
    lapsed: until !== null && until < on,
    discounted_approved_gross: cents(discountedGross),
    undiscounted_approved_gross: cents(undiscountedGross),
  };
}

/** The discount in one sentence, saying which approved amount is due today. */
export function describeCashDiscount(discount: CashDiscount, currency: string | undefined): string {
  const discounted = formatCurrency(discount.discounted_approved_gross, currency);
  const undiscounted = formatCurrency(discount.undiscounted_approved_gross, currency);
  if (discount.lapsed) {
    return `Cash discount lapsed on ${discount.until}: due today is the undiscounted approved amount, ${undiscounted} gross, not the ${discounted} after discount.`;
  }
  if (discount.until === null) {
    return `Cash discount without a date: ${discounted} gross after discount, ${undiscounted} without it; which one is due depends on the terms.`;
  }
  return `Cash discount running until ${discount.until}: paid by then, ${discounted} gross settles the approved amount; after that day the undiscounted ${undiscounted} is due.`;
}
