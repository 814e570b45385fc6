/** The sandbox's in-memory tables and the row shape every stored record shares. */

/** Every stored record has a uuid and a per-table sequence number that fixes list order. */
export interface Row {
  id: string;
  seq: number;
}

export type NewRow<R extends Row> = Omit<R, 'seq'>;

/**
 * An in-memory table in insertion order, with optional lookups by foreign-key fields.
 * Indexed fields must never change after insert.
 */
export class Table<R extends Row> {
  private readonly rows = new Map<string, R>();
  private readonly indexes = new Map<PropertyKey, Map<unknown, R[]>>();
  private lastSeq = 0;

  constructor(indexedFields: readonly (keyof R)[] = []) {
    for (const field of indexedFields) this.indexes.set(field, new Map());
  }

  insert(fields: NewRow<R>): R {
    this.lastSeq += 1;
    const row = { ...fields, seq: this.lastSeq } as R;
    this.rows.set(row.id, row);
    for (const [field, index] of this.indexes) {
      const key = row[field as keyof R];
      const bucket = index.get(key);
      if (bucket) bucket.push(row);
      else index.set(key, [row]);
    }
    return row;
  }

  get(id: string): R | undefined {
    return this.rows.get(id);
  }

  /** Removes a row; false when there was none with this id. */
  delete(id: string): boolean {
    const row = this.rows.get(id);
    if (!row) return false;
    this.rows.delete(id);
    for (const [field, index] of this.indexes) {
      const key = row[field as keyof R];
      const remaining = (index.get(key) ?? []).filter((candidate) => candidate !== row);
      if (remaining.length > 0) index.set(key, remaining);
      else index.delete(key);
    }
    return true;
  }

  all(): R[] {
    return [...this.rows.values()];
  }

  /** Rows whose indexed `field` equals `value`, in insertion order. */
  where<K extends keyof R>(field: K, value: R[K]): readonly R[] {
    const index = this.indexes.get(field);
    if (!index) throw new Error(`field ${String(field)} is not indexed`);
    return index.get(value) ?? [];
  }
}
