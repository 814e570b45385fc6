import { defineOperation } from '../../src/dispatch/define.js';
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';

const range = ['less_than_equal', 'greater_than_equal', 'range', 'is'] as const;

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

export const listProjects = defineOperation({
  name: 'list_projects',
  title: 'List projects',
  description:
    'Lists construction projects (100 per page) with name, identifier, status and dates. Start here to find a project id, e.g. filter {"name.contains": "Hunsrück"}.',
  product: 'fincon',
  toolset: 'projects',
  method: 'GET',
  path: '/projects/',
  hints: hints.read,
  list: {
    filters: {
      id: ['in', 'not_in'],
      name: ['exact', 'contains'],
      identifier: ['exact', 'contains'],
      description: ['exact', 'contains'],
      is_active: ['is'],
      use_cost_elements: ['is'],
      project_usage: ['in', 'not_in'],
      property: ['in', 'not_in'],
      default_contracting_entity: ['in', 'not_in'],
      cost_element_tree_template: ['in', 'not_in'],
      default_tax_rate: range,
      estimated_start_date: range,
      estimated_end_date: range,
      gross_floor_area: range,
      effective_floor_area: range,
      residential_area: range,
      commercial_area: range,
      rental_area: range,
      gross_volume: range,
      commercial_usage_ratio: range,
    },
  },
  result: projectView,
});

export const getProject = defineOperation({
  name: 'get_project',
  title: 'Get a project',
  description: 'Returns one project with all its master data (areas, tax rate, property, default contracting entity).',
  product: 'fincon',
  toolset: 'projects',
  method: 'GET',
  path: '/projects/{id}/',
  pathArgs: { id: 'project_id' },
  hints: hints.read,
  args: { project_id: uuid('The project id', 'list_projects') },
  result: projectView,
});
