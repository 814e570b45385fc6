import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { fincon } from '../scope.js';
import { COUNTRY_CODES } from '../shared/enums.js';
import { allOptional, bounds, declarer, matches, oneOf } from '../kit.js';

export const propertyView: ResourceView = {
  type: 'PROPERTY',
  singular: 'property',
  plural: 'properties',
  label: ['name'],
  columns: ['address', 'zip_code', 'city', 'country'],
  schema: resourceSchema({
    name: out.text,
    description: out.text,
    address: out.text,
    zip_code: out.text,
    city: out.text,
    country: out.text,
    date_created: out.dateTime,
  }),
};

const declare = declarer(fincon, 'projects');
const setup = declarer(fincon, 'project_setup');
const propertyFields = allOptional({
  description: text('Description'),
  address: text(undefined, 255),
  zip_code: text(undefined, 12),
  city: text('City', 255),
  country: choice(COUNTRY_CODES, 'e.g. DE'),
});
const attributes = ['name', ...Object.keys(propertyFields)];
const byId = { path: '/properties/{id}/', pathArgs: { id: 'property_id' } } as const;
const propertyId = (description: string) => uuid(description, 'list_properties');

/** Properties: the plots and buildings projects are built on. */
export const propertyOperations: readonly Operation[] = [
  declare({
    name: 'list_properties',
    title: 'List properties',
    description: 'Lists properties (plots and buildings that projects are built on) with their address.',
    method: 'GET',
    path: '/properties/',
    hints: hints.read,
    list: {
      filters: {
        id: oneOf,
        name: matches,
        description: matches,
        address: matches,
        zip_code: matches,
        city: matches,
        country: oneOf,
        date_created: bounds,
      },
      datetimes: ['date_created'],
    },
    result: propertyView,
  }),
  declare({
    ...byId,
    name: 'get_property',
    title: 'Get a property',
    description: 'Returns one property with its address and description.',
    method: 'GET',
    hints: hints.read,
    args: { property_id: propertyId('The property id') },
    result: propertyView,
  }),
  setup({
    name: 'create_property',
    title: 'Create a property',
    description: 'Creates a property (a plot or building) that projects are built on.',
    method: 'POST',
    path: '/properties/',
    hints: hints.append,
    args: { name: text(undefined, 250), ...propertyFields },
    body: { type: 'PROPERTY', attributes },
    result: propertyView,
  }),
  setup({
    ...byId,
    name: 'update_property',
    title: 'Update a property',
    description: 'Changes name, address or description of a property.',
    method: 'PATCH',
    hints: hints.overwrite,
    args: { property_id: propertyId('The property to change'), name: text(undefined, 250).optional(), ...propertyFields },
    partialUpdate: true,
    body: { type: 'PROPERTY', attributes },
    result: propertyView,
  }),
];
