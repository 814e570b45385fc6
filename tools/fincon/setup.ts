/** The account's structures, read-only: cost elements, their tree templates, custom field definitions. */
import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { fincon } from '../scope.js';
import { bounds, declarer, matches, oneOf } from '../kit.js';

export const costElementView: ResourceView = {
  type: 'COST_ELEMENT',
  singular: 'cost element',
  plural: 'cost elements',
  label: ['name'],
  columns: ['cost_category', 'parent', 'cost_element_tree_template'],
  schema: resourceSchema({
    name: out.text,
    description: out.text,
    cost_category: out.text,
    parent: out.id,
    cost_element_tree_template: out.id,
  }),
};

export const treeTemplateView: ResourceView = {
  type: 'COST_ELEMENT_TREE_TEMPLATE',
  singular: 'cost element tree template',
  plural: 'cost element tree templates',
  label: ['name'],
  columns: ['description', 'created_at'],
  schema: resourceSchema({ name: out.text, description: out.text, created_at: out.dateTime }),
};

export const customFieldDefinitionView: ResourceView = {
  type: 'CUSTOM_FIELD_DEFINITION',
  singular: 'custom field definition',
  plural: 'custom field definitions',
  label: ['name'],
  columns: ['object_type', 'field_type', 'unit', 'export_name'],
  schema: resourceSchema({
    name: out.text,
    description: out.text,
    export_name: out.text,
    field_type: out.text,
    unit: out.text,
    object_type: out.text,
  }),
};

const declare = declarer(fincon, 'setup');
const read = { method: 'GET', hints: hints.read } as const;
const templateId = (description: string) => uuid(description, 'list_cost_element_tree_templates');

export const setupOperations: readonly Operation[] = [
  declare({
    ...read,
    name: 'list_cost_elements',
    title: 'List cost elements',
    description: 'Lists cost elements, the nodes of a cost structure, with category and parent.',
    path: '/cost_elements/',
    list: {
      filters: {
        id: oneOf,
        name: matches,
        description: matches,
        cost_category: oneOf,
        parent: oneOf,
        cost_element_tree_template: oneOf,
      },
    },
    result: costElementView,
  }),
  declare({
    ...read,
    name: 'get_cost_element',
    title: 'Get a cost element',
    description: 'Returns one cost element with its category, parent and tree template.',
    path: '/cost_elements/{id}',
    pathArgs: { id: 'cost_element_id' },
    args: { cost_element_id: uuid('The cost element id', 'list_cost_elements') },
    result: costElementView,
  }),
  declare({
    ...read,
    name: 'list_cost_element_tree_templates',
    title: 'List cost element tree templates',
    description: 'Lists the templates that define a cost element tree for projects.',
    path: '/cost_element_tree_templates/',
    list: { filters: { id: oneOf, name: matches, description: matches, created_at: bounds }, datetimes: ['created_at'] },
    result: treeTemplateView,
  }),
  declare({
    ...read,
    name: 'get_cost_element_tree_template',
    title: 'Get a cost element tree template',
    description: 'Returns one cost element tree template.',
    path: '/cost_element_tree_templates/{id}/',
    pathArgs: { id: 'cost_element_tree_template_id' },
    args: { cost_element_tree_template_id: templateId('The template id') },
    result: treeTemplateView,
  }),
  declare({
    ...read,
    name: 'list_tree_template_cost_elements',
    title: 'List the cost elements of a tree template',
    description: "Lists the cost elements of one tree template; rebuild the tree from each element's parent.",
    path: '/cost_element_tree_templates/{id}/cost_elements/',
    pathArgs: { id: 'cost_element_tree_template_id' },
    args: { cost_element_tree_template_id: templateId('The template id') },
    list: {},
    result: costElementView,
  }),
  declare({
    ...read,
    name: 'list_custom_field_definitions',
    title: 'List custom field definitions',
    description:
      'Lists the custom fields of contracts and projects with type and unit (a former MONEY field: DECIMAL in CURRENCY).',
    path: '/custom_field_definitions/',
    list: {
      filters: {
        id: oneOf,
        name: matches,
        description: matches,
        export_name: matches,
        field_type: oneOf,
        unit: oneOf,
        object_type: oneOf,
      },
    },
    result: customFieldDefinitionView,
  }),
  declare({
    ...read,
    name: 'get_custom_field_definition',
    title: 'Get a custom field definition',
    description: 'Returns one custom field definition.',
    path: '/custom_field_definitions/{id}/',
    pathArgs: { id: 'custom_field_definition_id' },
    args: { custom_field_definition_id: uuid('The definition id', 'list_custom_field_definitions') },
    result: customFieldDefinitionView,
  }),
];
