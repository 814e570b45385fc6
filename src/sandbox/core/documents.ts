import { z } from 'zod';
import { ApiError, parameter } from '../envelope.js';
import { oneOf } from '../fields.js';
import { readUpload } from '../files/uploads.js';
import { filterOn } from '../query.js';
import { findOr404, listOf, single, type Resource } from '../resource.js';
import type { Reply, RouteSpec, SandboxRequest } from '../router.js';
import type { Row, Table } from '../table.js';
import { attachDocument } from './attachments.js';
import { changeOrderResource } from './change-orders.js';
import { contractResource } from './contracts.js';
import {
  CHANGE_ORDER_DOCUMENT_TYPES,
  CONTRACT_DOCUMENT_TYPES,
  INVOICE_DOCUMENT_CREATE_TYPES,
  INVOICE_DOCUMENT_READ_TYPES,
} from './enums.js';
import { invoiceResource } from './invoices.js';
import { perProduct, type Product } from './product.js';
import type { CoreTables, DocumentRecord } from './records.js';

/*
 * Documents of contracts, invoices and change orders: one implementation, three kinds.
 * Uploads must be PDFs (422 otherwise); downloads answer 302 to a temporary link on the storage
 * host; invoice and change order documents also offer the annotated copy (200 with the bytes,
 * the original when there is no annotated copy).
 */

interface KindSpec {
  type: string;
  label: string;
  /** The parent collection, e.g. `/contracts`, its path parameter and relationship name. */
  parentPath: string;
  param: string;
  relationship: string;
  parentType: string;
  parent(product: Product): Resource<Row>;
  table(tables: CoreTables): Table<DocumentRecord>;
  uploadTypes: readonly string[];
  readTypes: readonly string[];
  annotated: boolean;
}

interface DocumentKind extends KindSpec {
  resource(product: Product): Resource<DocumentRecord>;
}

function documentKind(kind: KindSpec): DocumentKind {
  const collectionOf = (parentId: string) => `${kind.parentPath}/${parentId}/documents/`;
  return {
    ...kind,
    resource: perProduct((product) => ({
      type: kind.type,
      label: kind.label,
      table: (store) => kind.table(product.tables(store)),
      attributes: (document) => ({
        document_type: document.document_type,
        filename: document.filename,
        uploaded_at: document.uploaded_at,
      }),
      relationships: (document) => ({ [kind.relationship]: { data: { id: document.parent, type: kind.parentType } } }),
      links: (document, { base }) => {
        const self = `${base}${collectionOf(document.parent)}${document.id}/`;
        return {
          self,
          download: `${self}download/`,
          ...(kind.annotated && { download_annotated: `${self}download-annotated/` }),
        };
      },
    })),
  };
}

const KINDS: readonly DocumentKind[] = [
  documentKind({
    type: 'CONTRACT_DOCUMENT',
    label: 'Contract document',
    parentPath: '/contracts',
    param: 'contract_id',
    relationship: 'contract',
    parentType: 'CONTRACT',
    parent: (product) => contractResource(product) as Resource<Row>,
    table: (tables) => tables.contractDocuments,
    uploadTypes: CONTRACT_DOCUMENT_TYPES,
    readTypes: CONTRACT_DOCUMENT_TYPES,
    annotated: false,
  }),
  documentKind({
    type: 'INVOICE_DOCUMENT',
    label: 'Invoice document',
    parentPath: '/invoices',
    param: 'invoice_id',
    relationship: 'invoice',
    parentType: 'INVOICE',
    parent: (product) => invoiceResource(product) as Resource<Row>,
    table: (tables) => tables.invoiceDocuments as Table<DocumentRecord>,
    uploadTypes: INVOICE_DOCUMENT_CREATE_TYPES,
    readTypes: INVOICE_DOCUMENT_READ_TYPES,
    annotated: true,
  }),
  documentKind({
    type: 'CHANGE_ORDER_DOCUMENT',
    label: 'Change order document',
    parentPath: '/change_orders',
    param: 'change_order_id',
    relationship: 'change_order',
    parentType: 'CHANGE_ORDER',
    parent: (product) => changeOrderResource(product) as Resource<Row>,
    table: (tables) => tables.changeOrderDocuments,
    uploadTypes: CHANGE_ORDER_DOCUMENT_TYPES,
    readTypes: CHANGE_ORDER_DOCUMENT_TYPES,
    annotated: true,
  }),
];

/** The document named by the path, which must belong to the parent named by the path. */
function documentOf(kind: DocumentKind, product: Product, request: SandboxRequest): DocumentRecord {
  const parent = findOr404(kind.parent(product), request.store, request.params[kind.param] as string, kind.param);
  const document = kind.table(product.tables(request.store)).get(request.params.document_id as string);
  if (!document || document.parent !== parent.id) {
    throw new ApiError(
      404,
      `${kind.label} ${request.params.document_id} does not exist on ${parent.id}.`,
      parameter('document_id'),
    );
  }
  return document;
}

const upload =
  (kind: DocumentKind, product: Product) =>
  async (request: SandboxRequest): Promise<Reply> => {
    const { store } = request;
    const parent = findOr404(kind.parent(product), store, request.params[kind.param] as string, kind.param);
    const fields = z.object({ document_type: oneOf(kind.uploadTypes) });
    const { fields: values, file } = await readUpload(request, { fileField: 'upload', fields, pdf: true });
    const document = attachDocument(kind.table(product.tables(store)), store, parent.id, values.document_type, file);
    return single(kind.resource(product), document, request, 201);
  };

const download =
  (kind: DocumentKind, product: Product) =>
  (request: SandboxRequest): Reply => {
    const document = documentOf(kind, product, request);
    return { status: 302, headers: { Location: request.store.storage.link(document.file, { filename: document.filename }) } };
  };

const downloadAnnotated =
  (kind: DocumentKind, product: Product) =>
  (request: SandboxRequest): Reply => {
    const document = documentOf(kind, product, request);
    return { status: 200, file: document.annotated ?? document.file };
  };

function routesOf(kind: DocumentKind, product: Product): RouteSpec[] {
  const collection = `${kind.parentPath}/{${kind.param}}/documents/`;
  const item = `${collection}{document_id}/`;
  const resource = kind.resource(product);
  const routes: RouteSpec[] = [
    {
      method: 'GET',
      path: collection,
      handler: listOf(resource, {
        filters: { document_type: filterOn.choice(kind.readTypes), uploaded_at: filterOn.datetime() },
        within: {
          param: kind.param,
          parent: kind.parent(product),
          rows: (parent, store) => kind.table(product.tables(store)).where('parent', parent.id),
        },
      }),
    },
    { method: 'POST', path: collection, handler: upload(kind, product) },
    { method: 'GET', path: item, handler: (request) => single(resource, documentOf(kind, product, request), request) },
    { method: 'GET', path: `${item}download/`, handler: download(kind, product) },
  ];
  if (kind.annotated)
    routes.push({ method: 'GET', path: `${item}download-annotated/`, handler: downloadAnnotated(kind, product) });
  return routes;
}

export const documentRoutes = (product: Product): RouteSpec[] => KINDS.flatMap((kind) => routesOf(kind, product));
