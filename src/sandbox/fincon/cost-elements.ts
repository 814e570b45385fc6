import { COST_CATEGORIES } from '../core/enums.js';
import { filterOn, type FilterSpecs } from '../query.js';
import { getOne, listOf, storedAttributes, type Resource } from '../resource.js';
import type { RouteSpec } from '../router.js';
import type { CostElementRecord, CostElementTreeTemplateRecord } from './records.js';

/** Cost element tree templates and their cost elements; read-only through the API. */

export const costElementTemplateResource: Resource<CostElementTreeTemplateRecord> = {
  type: 'COST_ELEMENT_TREE_TEMPLATE',
  label: 'Cost element tree template',
  table: (store) => store.fincon.costElementTemplates,
  attributes: storedAttributes,
};

const costElementResource: Resource<CostElementRecord> = {
  type: 'COST_ELEMENT',
  label: 'Cost element',
  table: (store) => store.fincon.costElements,
  attributes: storedAttributes,
};

const templateFilters: FilterSpecs<CostElementTreeTemplateRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  description: filterOn.text(),
  created_at: filterOn.datetime(),
};

const elementFilters: FilterSpecs<CostElementRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  description: filterOn.text(),
  cost_category: filterOn.choice(COST_CATEGORIES),
  parent: filterOn.ids(),
  cost_element_tree_template: filterOn.ids(),
};

export const costElementRoutes: RouteSpec[] = [
  {
    method: 'GET',
    path: '/cost_element_tree_templates/',
    handler: listOf(costElementTemplateResource, { filters: templateFilters }),
  },
  { method: 'GET', path: '/cost_element_tree_templates/{id}/', handler: getOne(costElementTemplateResource) },
  {
    method: 'GET',
    path: '/cost_element_tree_templates/{id}/cost_elements/',
    handler: listOf(costElementResource, {
      within: {
        param: 'id',
        parent: costElementTemplateResource,
        rows: (template, store) => store.fincon.costElements.where('cost_element_tree_template', template.id),
      },
    }),
  },
  { method: 'GET', path: '/cost_elements/', handler: listOf(costElementResource, { filters: elementFilters }) },
  // Written without trailing slash, as the API documents it; the slashed form answers 307 to this one.
  { method: 'GET', path: '/cost_elements/{id}', handler: getOne(costElementResource) },
];
