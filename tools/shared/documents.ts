/**
 * Documents hang from contracts, invoices and change orders with the same five
 * operations (contracts have no annotated download): one factory over the parent.
 */
import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';
import { CHANGE_ORDER_DOCUMENT_TYPES, CONTRACT_DOCUMENT_TYPES, INVOICE_DOCUMENT_TYPES } from './enums.js';
import { bounds, declarer, oneOf } from '../kit.js';

interface DocumentParent {
  /** contract, invoice, change_order: names the tools, the path and the id argument. */
  key: string;
  /** The collection path below the product base, e.g. /contracts/{contract_id}/documents/ */
  collection: string;
  uploadTypes: readonly [string, ...string[]];
  /** The API also serves the file with review annotations. */
  annotated: boolean;
}

const PARENTS: readonly DocumentParent[] = [
  { key: 'contract', collection: '/contracts/{contract_id}/documents/', uploadTypes: CONTRACT_DOCUMENT_TYPES, annotated: false },
  { key: 'invoice', collection: '/invoices/{invoice_id}/documents/', uploadTypes: INVOICE_DOCUMENT_TYPES, annotated: true },
  {
    key: 'change_order',
    collection: '/change_orders/{change_order_id}/documents/',
    uploadTypes: CHANGE_ORDER_DOCUMENT_TYPES,
    annotated: true,
  },
];

function documentView(parent: DocumentParent): ResourceView {
  const what = `${parent.key.replace('_', ' ')} document`;
  return {
    type: `${parent.key.toUpperCase()}_DOCUMENT`,
    singular: what,
    plural: `${what}s`,
    label: ['filename'],
    columns: ['document_type', 'uploaded_at'],
    schema: resourceSchema({
      filename: out.text,
      document_type: out.text,
      uploaded_at: out.dateTime,
      [`${parent.key}_id`]: out.id,
    }),
  };
}

function parentDocuments(scope: Scope, parent: DocumentParent): Operation[] {
  const declare = declarer(scope, 'documents');
  const view = documentView(parent);
  const { key } = parent;
  const what = key.replace('_', ' ');
  const parentId = uuid(`The ${what} id`, scope.tool(`list_${key}s`));
  const documentId = uuid('The document id', scope.tool(`list_${key}_documents`));
  const one = `${parent.collection}{document_id}/`;
  const download = (variant: 'download' | 'download-annotated'): Operation =>
    declare({
      name: variant === 'download' ? `download_${key}_document` : `download_annotated_${key}_document`,
      title: variant === 'download' ? `Download a ${what} document` : `Download an annotated ${what} document`,
      description:
        variant === 'download'
          ? `Downloads the file of one ${what} document.`
          : `Downloads one ${what} document with its review annotations (the original without any).`,
      method: 'GET',
      path: `${one}${variant}/`,
      hints: hints.read,
      args: { [`${key}_id`]: parentId, document_id: documentId },
      result: { kind: 'file' },
    });

  return [
    declare({
      name: `list_${key}_documents`,
      title: `List the documents of a${key === 'invoice' ? 'n' : ''} ${what}`,
      description: `Lists the documents of one ${what}.`,
      method: 'GET',
      path: parent.collection,
      hints: hints.read,
      args: { [`${key}_id`]: parentId },
      list: { filters: { document_type: oneOf, uploaded_at: bounds }, datetimes: ['uploaded_at'] },
      result: view,
    }),
    declare({
      name: `get_${key}_document`,
      title: `Get a ${what} document`,
      description: `Returns the metadata of one ${what} document.`,
      method: 'GET',
      path: one,
      hints: hints.read,
      args: { [`${key}_id`]: parentId, document_id: documentId },
      result: view,
    }),
    declare({
      name: `upload_${key}_document`,
      title: `Upload a ${what} document`,
      description: `Attaches a PDF to a${key === 'invoice' ? 'n' : ''} ${what} as the given document type.`,
      method: 'POST',
      path: parent.collection,
      hints: hints.append,
      args: { [`${key}_id`]: parentId, document_type: choice(parent.uploadTypes) },
      upload: { fileField: 'upload', fields: ['document_type'], pdfOnly: true },
      result: view,
    }),
    download('download'),
    ...(parent.annotated ? [download('download-annotated')] : []),
  ];
}

/** Contract, invoice and change-order documents of a product. */
export function documentOperations(scope: Scope): Operation[] {
  return PARENTS.flatMap((parent) => parentDocuments(scope, parent));
}
