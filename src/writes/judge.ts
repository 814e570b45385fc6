/**
 * What a tool that moves money tells the write path about its resource: how a call is judged
 * against the current state and previewed, which resource it changes (writes on one go one at a
 * time), and how its own write is recognised in the state after an answer was lost. The tools
 * declare it (tools/…/…-guards.ts); the write path runs the contract (run.ts).
 */

/** Why a preview asks for a second look; `code` is for programs, `message` for people. */
export type WarningCode =
  | 'possible_duplicate'
  | 'exceeds_approved'
  | 'no_approved_amount'
  | 'cash_discount_lapsed'
  | 'duplicate_name'
  | 'cannot_be_undone'
  | 'bank_details_change'
  | 'state_store_unavailable';

export interface Warning {
  code: WarningCode;
  message: string;
  /** The id of what the warning is about (the payment that looks the same), when it is one thing. */
  about?: string;
}

/** What a write that moves money would do, shown to the person before they agree. */
export interface Preview {
  /** One line each: what changes, and the resulting state. API text in them is quoted (quote.ts). */
  summary: string[];
  /** The values that change, before and after, exact. */
  changes: Record<string, unknown>;
  /** The state afterwards, e.g. the invoice's state and what it still owes. */
  resulting: Record<string, unknown>;
  warnings: Warning[];
}

/** A money write judged against the current state. */
export interface Inspection {
  /** Everything the write depends on; a confirmation is valid only while this stays the same. */
  fingerprint: unknown;
  preview: Preview;
}

/** The call cannot succeed in the current state; said before anything is sent. */
export class Refusal extends Error {
  override name = 'Refusal';
}

/** A write found in the state after its answer was lost: the answer it gets, and what it made. */
export interface Found {
  resource: Record<string, unknown>;
  text: string;
  /** What the write made (a payment), so no other confirmation can be said to have made it. */
  made?: Made;
}

/** Something a write made, remembered so reconciliation never names it twice and previews warn of it. */
export interface Made {
  id: string;
  /** The gross amount it moved, for "this server booked the same amount lately". */
  amount?: string;
}

/** Something that appeared in the state meanwhile (a payment booked elsewhere), said in one line. */
export interface Appeared {
  id: string;
  text: string;
}

type Args = Readonly<Record<string, unknown>>;

export interface WriteJudge {
  /** The resource the call changes, e.g. "fincon:invoice:<id>": writes on one hold its lease one at a time. */
  resource(args: Args): string;
  /** Judges the call against the state and previews it; throws Refusal when the state does not allow it. */
  inspect(args: Args, state: unknown): Inspection;
  /**
   * After an answer was lost: what this write made or changed, if it is in `now` (`before` was
   * read just before sending), leaving out what other confirmations already account for.
   */
  findCommitted(args: Args, before: unknown, now: unknown, accounted: ReadonlySet<string>): Found | undefined;
  /** What appeared between `before` and `now` (new payments, say); the write path reports those nobody explains. */
  appeared?(before: unknown, now: unknown): Appeared[];
  /** What a committed answer says the write made (the new payment). */
  madeBy?(answer: Record<string, unknown>): Made | undefined;
  /** The gross amount the call would move, compared with what this server booked on the resource lately. */
  amount?(args: Args): string | undefined;
  /** What to read to see the state oneself, e.g. "list_invoice_payments for invoice <id>". */
  howToCheck(args: Args): string;
}
