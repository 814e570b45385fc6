import { COMPARISONS_OR_NULL, filterOn, type FilterSpecs } from '../query.js';
import { getOne, listOf, storedAttributes, type Resource } from '../resource.js';
import type { RouteSpec } from '../router.js';
import { PROJECT_USAGES } from './enums.js';
import { propertyResource } from './master-data.js';
import type { ProjectRecord } from './records.js';

export const projectResource: Resource<ProjectRecord> = {
  type: 'PROJECT',
  label: 'Project',
  table: (store) => store.fincon.projects,
  attributes: storedAttributes,
  related: { property: { resource: () => propertyResource, id: (project) => project.property } },
};

const projectFilters: FilterSpecs<ProjectRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  identifier: filterOn.text(),
  description: filterOn.text(),
  default_tax_rate: filterOn.decimal(COMPARISONS_OR_NULL),
  use_cost_elements: filterOn.flag(),
  default_contracting_entity: filterOn.ids(),
  property: filterOn.ids(),
  cost_element_tree_template: filterOn.ids(),
  is_active: filterOn.flag(),
  estimated_start_date: filterOn.date(COMPARISONS_OR_NULL),
  estimated_end_date: filterOn.date(COMPARISONS_OR_NULL),
  gross_floor_area: filterOn.decimal(COMPARISONS_OR_NULL),
  effective_floor_area: filterOn.decimal(COMPARISONS_OR_NULL),
  residential_area: filterOn.decimal(COMPARISONS_OR_NULL),
  commercial_area: filterOn.decimal(COMPARISONS_OR_NULL),
  rental_area: filterOn.decimal(COMPARISONS_OR_NULL),
  gross_volume: filterOn.decimal(COMPARISONS_OR_NULL),
  commercial_usage_ratio: filterOn.decimal(COMPARISONS_OR_NULL),
  project_usage: filterOn.choice(PROJECT_USAGES),
};

export const projectRoutes: RouteSpec[] = [
  { method: 'GET', path: '/projects/', handler: listOf(projectResource, { filters: projectFilters }) },
  { method: 'GET', path: '/projects/{id}/', handler: getOne(projectResource) },
];
