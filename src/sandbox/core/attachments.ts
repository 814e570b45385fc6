import type { StoredFile } from '../files/file-store.js';
import type { Store } from '../store.js';
import type { Table } from '../table.js';
import { nowTimestamp } from './bodies.js';
import type { DocumentRecord } from './records.js';

/** Files the API stores as documents of a record (uploads, submitted invoices, generated coversheets). */
export function attachDocument<T extends string>(
  table: Table<DocumentRecord<T>>,
  store: Store,
  parent: string,
  documentType: T,
  file: StoredFile,
): DocumentRecord<T> {
  return table.insert({
    id: store.newId(),
    parent,
    document_type: documentType,
    filename: file.filename,
    uploaded_at: nowTimestamp(store),
    file,
    annotated: null,
  });
}
