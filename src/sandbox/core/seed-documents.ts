import type { FileStore } from '../files/file-store.js';
import { renderPdf } from '../files/pdf.js';
import type { Random } from '../random.js';
import type { Table } from '../table.js';
import type { DocumentRecord } from './records.js';

/** What a seeded document says: its title and text lines. */
interface DocumentContent {
  filename: string;
  title: string;
  lines: readonly string[];
}

/**
 * Stores a generated PDF as a document of `parent`; with `annotated`, also the reviewers'
 * annotated copy (the original plus their remarks).
 */
export function seedDocument<T extends string>(
  table: Table<DocumentRecord<T>>,
  files: FileStore,
  random: Random,
  document: { parent: string; document_type: T; uploaded_at: string; content: DocumentContent; annotated?: readonly string[] },
): DocumentRecord<T> {
  const { content } = document;
  const meta = { filename: content.filename, contentType: 'application/pdf' };
  const file = files.addGenerated(meta, () => renderPdf(content.title, content.lines));
  const remarks = document.annotated;
  const annotated = remarks
    ? files.addGenerated(meta, () => renderPdf(`${content.title} (geprüft)`, [...content.lines, '', 'Prüfvermerke:', ...remarks]))
    : null;
  return table.insert({
    id: random.uuid(),
    parent: document.parent,
    document_type: document.document_type,
    filename: content.filename,
    uploaded_at: document.uploaded_at,
    file,
    annotated,
  });
}
