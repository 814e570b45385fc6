import { z } from 'zod';
import { assignDefined, nowTimestamp } from '../core/bodies.js';
import { CONTACT_SALUTATIONS, CONTACT_TITLES, CONTACT_TYPES } from '../core/enums.js';
import { dateTime, literal, oneOf, str } from '../fields.js';
import { filterOn, type FilterSpecs } from '../query.js';
import { findOr404, getOne, listOf, single, storedAttributes, type Resource } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { parseBody } from '../validation.js';
import type { ContactRecord } from './records.js';

const contactResource: Resource<ContactRecord> = {
  type: 'CONTACT',
  label: 'Contact',
  table: (store) => store.fincon.contacts,
  attributes: storedAttributes,
};

const filters: FilterSpecs<ContactRecord> = {
  id: filterOn.ids(),
  type: filterOn.choice(CONTACT_TYPES),
  salutation: filterOn.choice(CONTACT_SALUTATIONS),
  title: filterOn.choice(CONTACT_TITLES),
  first_name: filterOn.text(),
  last_name: filterOn.text(),
  description: filterOn.text(),
  address: filterOn.text(),
  zip_code: filterOn.text(),
  city: filterOn.text(),
  email: filterOn.text(),
  phone_number: filterOn.text(),
  date_created: filterOn.datetime(),
};

const fields = {
  address: str({ max: 255 }).nullable().optional(),
  city: str({ max: 255 }).nullable().optional(),
  date_created: dateTime().nullable().optional(),
  description: str().nullable().optional(),
  email: str({ max: 250 }).nullable().optional(),
  name: str({ max: 250 }).nullable().optional(),
  phone_number: str({ max: 250 }).nullable().optional(),
  salutation: oneOf(CONTACT_SALUTATIONS).optional(),
  title: oneOf(CONTACT_TITLES).nullable().optional(),
  zip_code: str({ max: 12 }).nullable().optional(),
};

const createBody = z.object({
  data: z.object({
    type: literal('CONTACT'),
    attributes: z.object({ ...fields, first_name: str({ max: 250 }), last_name: str({ max: 250 }), type: oneOf(CONTACT_TYPES) }),
  }),
});

const updateBody = z.object({
  data: z.object({
    type: literal('CONTACT'),
    attributes: z.object({
      ...fields,
      first_name: str({ max: 250 }).nullable().optional(),
      last_name: str({ max: 250 }).nullable().optional(),
      type: oneOf(CONTACT_TYPES).nullable().optional(),
    }),
  }),
});

function createContact(request: SandboxRequest) {
  const { attributes } = parseBody(createBody, request.json()).data;
  const { store } = request;
  const contact = store.fincon.contacts.insert({
    id: store.newId(),
    type: attributes.type,
    salutation: attributes.salutation ?? 'NOT_SPECIFIED',
    title: attributes.title ?? 'NO_TITLE',
    first_name: attributes.first_name,
    last_name: attributes.last_name,
    // A contact without a name of its own is shown by the person's name.
    name: attributes.name ?? `${attributes.first_name} ${attributes.last_name}`,
    description: attributes.description ?? '',
    address: attributes.address ?? '',
    zip_code: attributes.zip_code ?? '',
    city: attributes.city ?? '',
    email: attributes.email ?? '',
    phone_number: attributes.phone_number ?? '',
    date_created: attributes.date_created ?? nowTimestamp(store),
  });
  return single(contactResource, contact, request, 201);
}

function updateContact(request: SandboxRequest) {
  const { attributes } = parseBody(updateBody, request.json()).data;
  const contact = findOr404(contactResource, request.store, request.params.id as string);
  assignDefined(contact, attributes);
  return single(contactResource, contact, request);
}

export const contactRoutes: RouteSpec[] = [
  { method: 'GET', path: '/contacts/', handler: listOf(contactResource, { filters }) },
  { method: 'POST', path: '/contacts/', handler: createContact },
  { method: 'GET', path: '/contacts/{id}/', handler: getOne(contactResource) },
  { method: 'PATCH', path: '/contacts/{id}/', handler: updateContact },
];
