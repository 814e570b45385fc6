import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, decimalString, flag, isoDate, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { fincon } from '../scope.js';
import { customFieldView } from '../shared/contracts.js';
import { submitInvoice } from '../shared/invoices.js';
import { allOptional, boundsOrUnset, declarer, matches, oneOf } from '../kit.js';

export const projectView: ResourceView = {
  type: 'PROJECT',
  singular: 'project',
  plural: 'projects',
  label: ['name'],
  columns: ['identifier', 'is_active', 'project_usage', 'use_cost_elements', 'estimated_start_date', 'estimated_end_date'],
  schema: resourceSchema({
    name: out.text,
    identifier: out.text,
    description: out.text,
    is_active: out.boolean,
    property: out.id,
    default_contracting_entity: out.id,
    default_tax_rate: out.decimal,
    use_cost_elements: out.boolean,
    cost_element_tree_template: out.id,
    project_usage: out.text,
    estimated_start_date: out.date,
    estimated_end_date: out.date,
    gross_floor_area: out.decimal,
    effective_floor_area: out.decimal,
    residential_area: out.decimal,
    commercial_area: out.decimal,
    rental_area: out.decimal,
    gross_volume: out.decimal,
    commercial_usage_ratio: out.decimal,
  }),
};

const declare = declarer(fincon, 'projects');
const setup = declarer(fincon, 'project_setup');
const projectId = (description: string) => uuid(description, 'list_projects');
const entityId = (description?: string) => uuid(description, 'list_contracting_entities');
const read = { method: 'GET', hints: hints.read, result: projectView } as const;

/** Units of the area and volume fields, said once in the tool descriptions rather than on each field. */
const AREA_UNITS = 'Areas in m², gross_volume in m³.';
/** What create and update share; all optional. */
const projectFields = allOptional({
  identifier: text('e.g. "HM-2026"', 50),
  description: text('Description'),
  project_usage: choice(['COMMERCIAL_USAGE', 'NON_COMMERCIAL_USAGE', 'MIXED_USAGE'], 'Usage of the project'),
  default_tax_rate: decimalString('Percent, e.g. "19.00"'),
  estimated_start_date: isoDate('Estimated start'),
  estimated_end_date: isoDate('Estimated end'),
  gross_floor_area: decimalString(),
  effective_floor_area: decimalString(),
  residential_area: decimalString(),
  commercial_area: decimalString(),
  rental_area: decimalString(),
  gross_volume: decimalString(),
  commercial_usage_ratio: decimalString(),
});
const fieldNames = Object.keys(projectFields);

export const listProjects = declare({
  ...read,
  name: 'list_projects',
  title: 'List projects',
  description:
    'Lists construction projects with status and dates. Start here for a project id, e.g. filters {"name.contains": "Hunsrück"}.',
  path: '/projects/',
  list: {
    filters: {
      id: oneOf,
      name: matches,
      identifier: matches,
      description: matches,
      is_active: ['is'],
      use_cost_elements: ['is'],
      project_usage: oneOf,
      property: oneOf,
      default_contracting_entity: oneOf,
      cost_element_tree_template: oneOf,
      default_tax_rate: boundsOrUnset,
      estimated_start_date: boundsOrUnset,
      estimated_end_date: boundsOrUnset,
      gross_floor_area: boundsOrUnset,
      effective_floor_area: boundsOrUnset,
      residential_area: boundsOrUnset,
      commercial_area: boundsOrUnset,
      rental_area: boundsOrUnset,
      gross_volume: boundsOrUnset,
      commercial_usage_ratio: boundsOrUnset,
    },
  },
});

export const getProject = declare({
  ...read,
  name: 'get_project',
  title: 'Get a project',
  description: 'Returns one project with all its master data.',
  path: '/projects/{id}/',
  pathArgs: { id: 'project_id' },
  args: { project_id: projectId('The project id') },
});

export const projectOperations: readonly Operation[] = [
  listProjects,
  getProject,
  setup({
    ...read,
    name: 'list_property_projects',
    title: 'List the projects on a property',
    description: 'Lists the projects built on one property (plot or building).',
    path: '/properties/{property_id}/projects/',
    args: { property_id: uuid('The property id', 'list_properties') },
    list: {},
  }),
  setup({
    ...read,
    name: 'list_contracting_entity_projects',
    title: 'List the projects of a contracting entity',
    description: 'Lists the projects of one default contracting entity.',
    path: '/contracting_entities/{contracting_entity_id}/projects/',
    args: { contracting_entity_id: entityId('The contracting entity id') },
    list: {},
  }),
  setup({
    name: 'create_project',
    title: 'Create a project',
    description: `Creates a project on a property with its default contracting entity. ${AREA_UNITS}`,
    method: 'POST',
    path: '/projects/',
    hints: hints.append,
    args: {
      name: text(undefined, 250),
      property_id: uuid(undefined, 'list_properties'),
      default_contracting_entity_id: entityId(undefined),
      use_cost_elements: flag('Budget by cost elements, not contract units').optional(),
      cost_element_tree_template_id: uuid(undefined, 'list_cost_element_tree_templates').optional(),
      ...projectFields,
    },
    body: {
      type: 'PROJECT',
      attributes: [
        'name',
        { name: 'property', arg: 'property_id' },
        { name: 'default_contracting_entity', arg: 'default_contracting_entity_id' },
        'use_cost_elements',
        { name: 'cost_element_tree_template', arg: 'cost_element_tree_template_id' },
        ...fieldNames,
      ],
    },
    result: projectView,
  }),
  setup({
    name: 'update_project',
    title: 'Update a project',
    description: `Changes master data of a project. ${AREA_UNITS}`,
    method: 'PATCH',
    path: '/projects/{id}/',
    pathArgs: { id: 'project_id' },
    hints: hints.overwrite,
    args: {
      project_id: projectId('The project to change'),
      name: text(undefined, 250).optional(),
      default_contracting_entity_id: entityId('New default contracting entity').optional(),
      ...projectFields,
    },
    partialUpdate: true,
    body: {
      type: 'PROJECT',
      attributes: ['name', { name: 'default_contracting_entity', arg: 'default_contracting_entity_id' }, ...fieldNames],
    },
    result: projectView,
  }),
  setup({
    name: 'list_project_custom_fields',
    title: 'List the custom fields of a project',
    description: 'Lists the custom field values of one project.',
    method: 'GET',
    path: '/projects/{project_id}/custom_fields/',
    hints: hints.read,
    args: { project_id: projectId('The project id') },
    list: {},
    result: customFieldView,
  }),
  submitInvoice(fincon, 'project'),
];
