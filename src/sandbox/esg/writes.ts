import { formatInstant } from '../fields.js';
import type { Store } from '../store.js';
import type { NewRow, Row } from '../table.js';
import { recordAudit, type AuditedTable, type Snapshot } from './audit-trail.js';
import type { AuditOperation } from './enums.js';

/** The entries whose value is not undefined: what a PATCH-like body actually sends. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Every change made through the ESG API goes through a Write, which applies it and records it
 * in the audit feeds with origin PUBLIC_API. All changes of one request share a transaction id
 * and a timestamp.
 */
export class Write {
  private readonly transactionId: string;
  readonly at: string;

  constructor(private readonly store: Store) {
    this.transactionId = store.newId();
    this.at = formatInstant(store.now().getTime());
  }

  insert<R extends Row>(target: AuditedTable<R>, fields: Omit<NewRow<R>, 'id'>): R {
    const record = target.table(this.store.esg).insert({ id: this.store.newId(), ...fields } as NewRow<R>);
    this.audit(target, 'INSERT', record, null, target.snapshot(record));
    return record;
  }

  /** Applies the defined values of `changes`; records nothing when nothing changes. */
  update<R extends Row>(target: AuditedTable<R>, record: R, changes: Partial<Omit<R, 'id' | 'seq'>>): R {
    this.change(target, record, changes);
    return record;
  }

  /** Like `update`, telling whether anything changed (and so was recorded). */
  change<R extends Row>(target: AuditedTable<R>, record: R, changes: Partial<Omit<R, 'id' | 'seq'>>): boolean {
    const before = target.snapshot(record);
    Object.assign(record, definedOnly(changes));
    const after = target.snapshot(record);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    this.audit(target, 'UPDATE', record, before, after);
    return true;
  }

  remove<R extends Row>(target: AuditedTable<R>, record: R): void {
    target.table(this.store.esg).delete(record.id);
    this.audit(target, 'DELETE', record, target.snapshot(record), null);
  }

  private audit<R extends Row>(
    target: AuditedTable<R>,
    op: AuditOperation,
    record: R,
    before: Snapshot | null,
    after: Snapshot | null,
  ) {
    recordAudit(this.store.esg, () => this.store.newId(), {
      target,
      op,
      origin: 'PUBLIC_API',
      record,
      before,
      after,
      transactionId: this.transactionId,
      ts: this.at,
    });
  }
}
