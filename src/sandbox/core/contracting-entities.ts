import { z } from 'zod';
import { literal, oneOf, str } from '../fields.js';
import { filterOn, type FilterSpecs } from '../query.js';
import { findOr404, getOne, listOf, single, storedAttributes, type Resource } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { parseBody } from '../validation.js';
import { assignDefined, refuseTakenName } from './bodies.js';
import { TAX_AUTHORITIES } from './enums.js';
import { perProduct, type Product } from './product.js';
import type { ContractingEntityRecord } from './records.js';

export const contractingEntityResource = perProduct((product): Resource<ContractingEntityRecord> => ({
  type: 'CONTRACTING_ENTITY',
  label: 'Contracting entity',
  table: (store) => product.tables(store).contractingEntities,
  attributes: storedAttributes,
}));

const filters: FilterSpecs<ContractingEntityRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  address: filterOn.text(),
  city: filterOn.text(),
  zip_code: filterOn.text(),
  tax_authority: filterOn.choice(TAX_AUTHORITIES),
  tax_id: filterOn.text(),
};

/** Text fields the create body defaults to "" (max 250 characters). */
const registerField = () => str({ max: 250 }).optional();

const attributeFields = {
  address: str().nullable().optional(),
  city: str().nullable().optional(),
  zip_code: str().nullable().optional(),
  tax_authority: oneOf(TAX_AUTHORITIES).nullable().optional(),
  tax_id: str().nullable().optional(),
  commercial_register_number: registerField(),
  commercial_register_type: registerField(),
  email: registerField(),
  managing_directors: registerField(),
  register_court: registerField(),
  vat_id: registerField(),
  website: registerField(),
};

const createBody = z.object({
  data: z.object({
    type: literal('CONTRACTING_ENTITY'),
    attributes: z.object({ name: str({ min: 1, max: 250 }), ...attributeFields }),
  }),
});

const updateBody = z.object({
  data: z.object({
    type: literal('CONTRACTING_ENTITY'),
    attributes: z.object({ name: str({ min: 1, max: 250 }).nullable().optional(), ...attributeFields }),
  }),
});

const create = (product: Product) => (request: SandboxRequest) => {
  const { attributes } = parseBody(createBody, request.json()).data;
  refuseTakenName(product.tables(request.store).contractingEntities, 'contracting entity', attributes.name);
  const entity = product.tables(request.store).contractingEntities.insert({
    id: request.store.newId(),
    name: attributes.name,
    address: attributes.address ?? '',
    zip_code: attributes.zip_code ?? '',
    city: attributes.city ?? '',
    tax_id: attributes.tax_id ?? '',
    tax_authority: attributes.tax_authority ?? null,
    vat_id: attributes.vat_id ?? '',
    managing_directors: attributes.managing_directors ?? '',
    commercial_register_type: attributes.commercial_register_type ?? '',
    commercial_register_number: attributes.commercial_register_number ?? '',
    register_court: attributes.register_court ?? '',
    email: attributes.email ?? '',
    website: attributes.website ?? '',
  });
  return single(contractingEntityResource(product), entity, request, 201);
};

const update = (product: Product) => (request: SandboxRequest) => {
  const { attributes } = parseBody(updateBody, request.json()).data;
  const resource = contractingEntityResource(product);
  const entity = findOr404(resource, request.store, request.params.id as string);
  if (attributes.name)
    refuseTakenName(product.tables(request.store).contractingEntities, 'contracting entity', attributes.name, entity.id);
  const { tax_authority: authority, ...rest } = attributes;
  assignDefined(entity, rest);
  if (authority !== undefined) entity.tax_authority = authority;
  return single(resource, entity, request);
};

export const contractingEntityRoutes = (product: Product): RouteSpec[] => [
  { method: 'GET', path: '/contracting_entities/', handler: listOf(contractingEntityResource(product), { filters }) },
  { method: 'POST', path: '/contracting_entities/', handler: create(product) },
  { method: 'GET', path: '/contracting_entities/{id}/', handler: getOne(contractingEntityResource(product)) },
  { method: 'PATCH', path: '/contracting_entities/{id}/', handler: update(product) },
];
