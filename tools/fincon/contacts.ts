import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { fincon } from '../scope.js';
import { allOptional, bounds, declarer, matches, oneOf } from '../kit.js';

export const contactView: ResourceView = {
  type: 'CONTACT',
  singular: 'contact',
  plural: 'contacts',
  label: ['name', 'last_name'],
  columns: ['contact_type', 'first_name', 'last_name', 'email', 'phone_number', 'city'],
  schema: resourceSchema({
    // The API's `type` attribute (PRIVATE or COMMERCIAL); flattening renames it so it cannot hide the resource type.
    contact_type: out.text,
    name: out.text,
    salutation: out.text,
    title: out.text,
    first_name: out.text,
    last_name: out.text,
    email: out.text,
    phone_number: out.text,
    address: out.text,
    zip_code: out.text,
    city: out.text,
    description: out.text,
    date_created: out.dateTime,
  }),
};

const CONTACT_TYPES = ['PRIVATE', 'COMMERCIAL'] as const;
const declare = declarer(fincon, 'partners');
const byId = { path: '/contacts/{id}/', pathArgs: { id: 'contact_id' } } as const;
const contactId = (description: string) => uuid(description, 'list_contacts');

const contactFields = {
  name: text('Company or display name', 250),
  salutation: choice(['NOT_SPECIFIED', 'MALE', 'FEMALE', 'NON_BINARY', 'FAMILY'], 'Salutation'),
  title: choice(['NO_TITLE', 'DR', 'PROF', 'PROF_DR']),
  email: text(undefined, 250),
  phone_number: text('Phone number', 250),
  address: text(undefined, 255),
  zip_code: text(undefined, 12),
  city: text('City', 255),
  description: text(),
};
const attributes = ['first_name', 'last_name', 'type', ...Object.keys(contactFields)];

/** Contacts: people and companies used in invoicing and correspondence (FinCon only). */
export const contactOperations: readonly Operation[] = [
  declare({
    name: 'list_contacts',
    title: 'List contacts',
    description: 'Lists contacts: people and companies for invoicing and correspondence.',
    method: 'GET',
    path: '/contacts/',
    hints: hints.read,
    list: {
      filters: {
        id: oneOf,
        type: oneOf,
        salutation: oneOf,
        title: oneOf,
        first_name: matches,
        last_name: matches,
        description: matches,
        address: matches,
        zip_code: matches,
        city: matches,
        email: matches,
        phone_number: matches,
        date_created: bounds,
      },
      datetimes: ['date_created'],
    },
    result: contactView,
  }),
  declare({
    ...byId,
    name: 'get_contact',
    title: 'Get a contact',
    description: 'Returns one contact with name, address, email and phone.',
    method: 'GET',
    hints: hints.read,
    args: { contact_id: contactId('The contact id') },
    result: contactView,
  }),
  declare({
    name: 'create_contact',
    title: 'Create a contact',
    description: 'Creates a contact (a person or company).',
    method: 'POST',
    path: '/contacts/',
    hints: hints.append,
    args: {
      first_name: text('First name', 250),
      last_name: text('Last name', 250),
      type: choice(CONTACT_TYPES, 'PRIVATE for a private person, COMMERCIAL for a company'),
      ...allOptional(contactFields),
    },
    body: { type: 'CONTACT', attributes },
    result: contactView,
  }),
  declare({
    ...byId,
    name: 'update_contact',
    title: 'Update a contact',
    description: 'Changes name, address, email or phone of a contact.',
    method: 'PATCH',
    hints: hints.overwrite,
    args: {
      contact_id: contactId('The contact to change'),
      first_name: text('New first name', 250).optional(),
      last_name: text('New last name', 250).optional(),
      type: choice(CONTACT_TYPES, 'PRIVATE or COMMERCIAL').optional(),
      ...allOptional(contactFields),
    },
    partialUpdate: true,
    body: { type: 'CONTACT', attributes },
    result: contactView,
  }),
];
