import { z } from 'zod';
import { assignDefined, nowTimestamp } from '../core/bodies.js';
import { COUNTRY_CODES } from '../core/enums.js';
import { literal, oneOf, str } from '../fields.js';
import { filterOn, type FilterSpecs } from '../query.js';
import { findOr404, getOne, listOf, single } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { parseBody } from '../validation.js';
import type { PropertyRecord } from './records.js';
import { propertyResource } from './resources.js';

const filters: FilterSpecs<PropertyRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  description: filterOn.text(),
  address: filterOn.text(),
  zip_code: filterOn.text(),
  city: filterOn.text(),
  country: filterOn.choice(COUNTRY_CODES),
  date_created: filterOn.datetime(),
};

const fields = {
  address: str({ max: 255 }).nullable().optional(),
  city: str({ max: 255 }).nullable().optional(),
  country: oneOf(COUNTRY_CODES).nullable().optional(),
  description: str().nullable().optional(),
  zip_code: str({ max: 12 }).nullable().optional(),
};

const createBody = z.object({
  data: z.object({ type: literal('PROPERTY'), attributes: z.object({ ...fields, name: str({ max: 250 }) }) }),
});

const updateBody = z.object({
  data: z.object({
    type: literal('PROPERTY'),
    attributes: z.object({ ...fields, name: str({ max: 250 }).nullable().optional() }),
  }),
});

function createProperty(request: SandboxRequest) {
  const { attributes } = parseBody(createBody, request.json()).data;
  const { store } = request;
  const property = store.fincon.properties.insert({
    id: store.newId(),
    name: attributes.name,
    description: attributes.description ?? '',
    address: attributes.address ?? '',
    zip_code: attributes.zip_code ?? '',
    city: attributes.city ?? '',
    country: attributes.country ?? '',
    date_created: nowTimestamp(store),
  });
  return single(propertyResource, property, request, 201);
}

function updateProperty(request: SandboxRequest) {
  const { attributes } = parseBody(updateBody, request.json()).data;
  const property = findOr404(propertyResource, request.store, request.params.id as string);
  assignDefined(property, attributes);
  return single(propertyResource, property, request);
}

export const propertyRoutes: RouteSpec[] = [
  { method: 'GET', path: '/properties/', handler: listOf(propertyResource, { filters }) },
  { method: 'POST', path: '/properties/', handler: createProperty },
  { method: 'GET', path: '/properties/{id}/', handler: getOne(propertyResource) },
  { method: 'PATCH', path: '/properties/{id}/', handler: updateProperty },
];
