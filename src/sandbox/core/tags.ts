import { z } from 'zod';
import { literal, oneOf, str, uuid } from '../fields.js';
import { findOr404, listOf, single, storedAttributes, type Resource } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { parseBody } from '../validation.js';
import { referenced, refuseTakenName } from './bodies.js';
import { TAG_COLORS_IN } from './enums.js';
import { invoiceResource } from './invoices.js';
import { perProduct, type Product } from './product.js';
import type { TagRecord } from './records.js';

/** Invoice tags: master data (names unique per account) and their assignment to invoices. */
const tagResource = perProduct((product): Resource<TagRecord> => ({
  type: 'TAG',
  label: 'Tag',
  table: (store) => product.tables(store).tags,
  attributes: storedAttributes,
}));

const createBody = z.object({
  data: z.object({
    type: literal('TAG'),
    attributes: z.object({ name: str({ min: 1 }), color: oneOf(TAG_COLORS_IN).nullable().optional() }),
  }),
});

const updateBody = z.object({
  data: z.object({
    type: literal('TAG'),
    attributes: z.object({ name: str({ min: 1 }).nullable().optional(), color: oneOf(TAG_COLORS_IN).nullable().optional() }),
  }),
});

const assignBody = z.object({ data: z.object({ type: literal('TAG'), attributes: z.object({ tag_id: uuid() }) }) });

const createTag = (product: Product) => (request: SandboxRequest) => {
  const { attributes } = parseBody(createBody, request.json()).data;
  refuseTakenName(product.tables(request.store).tags, 'tag', attributes.name);
  const tag = product.tables(request.store).tags.insert({
    id: request.store.newId(),
    name: attributes.name,
    color: attributes.color ?? 'UNSPECIFIED',
  });
  return single(tagResource(product), tag, request, 201);
};

const updateTag = (product: Product) => (request: SandboxRequest) => {
  const { attributes } = parseBody(updateBody, request.json()).data;
  const tag = findOr404(tagResource(product), request.store, request.params.id as string);
  if (attributes.name) {
    refuseTakenName(product.tables(request.store).tags, 'tag', attributes.name, tag.id);
    tag.name = attributes.name;
  }
  if (attributes.color) tag.color = attributes.color;
  return single(tagResource(product), tag, request);
};

/** Deleting a tag also takes it off every invoice. */
const deleteTag = (product: Product) => (request: SandboxRequest) => {
  const tables = product.tables(request.store);
  const tag = findOr404(tagResource(product), request.store, request.params.id as string);
  for (const invoice of tables.invoices.all()) invoice.tags = invoice.tags.filter((id) => id !== tag.id);
  tables.tags.delete(tag.id);
  return { status: 204 };
};

/** Assign and unassign are idempotent: assigning twice or removing an absent tag changes nothing. */
const retag = (product: Product, assign: boolean) => (request: SandboxRequest) => {
  const { attributes } = parseBody(assignBody, request.json()).data;
  const { store } = request;
  const invoice = findOr404(invoiceResource(product), store, request.params.invoice_id as string, 'invoice_id');
  const tag = referenced(tagResource(product), store, attributes.tag_id, 'data', 'attributes', 'tag_id');
  if (assign && !invoice.tags.includes(tag.id)) invoice.tags = [...invoice.tags, tag.id];
  if (!assign) invoice.tags = invoice.tags.filter((id) => id !== tag.id);
  return single(invoiceResource(product), invoice, request);
};

export const tagRoutes = (product: Product): RouteSpec[] => [
  { method: 'GET', path: '/tags/', handler: listOf(tagResource(product)) },
  { method: 'POST', path: '/tags/', handler: createTag(product) },
  { method: 'PATCH', path: '/tags/{id}/', handler: updateTag(product) },
  { method: 'DELETE', path: '/tags/{id}/', handler: deleteTag(product) },
  {
    method: 'GET',
    path: '/invoices/{invoice_id}/tags/',
    handler: listOf(tagResource(product), {
      within: {
        param: 'invoice_id',
        parent: invoiceResource(product),
        rows: (invoice, store) =>
          product
            .tables(store)
            .tags.all()
            .filter((tag) => invoice.tags.includes(tag.id)),
      },
    }),
  },
  { method: 'POST', path: '/invoices/{invoice_id}/tags/assign/', handler: retag(product, true) },
  { method: 'POST', path: '/invoices/{invoice_id}/tags/unassign/', handler: retag(product, false) },
];
