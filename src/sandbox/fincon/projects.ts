import { z } from 'zod';
import { assignDefined, referenced } from '../core/bodies.js';
import { contractingEntityResource } from '../core/contracting-entities.js';
import { customFieldList } from '../core/custom-fields.js';
import { PROJECT_USAGES } from '../core/enums.js';
import { ApiError, pointer } from '../envelope.js';
import { bool, decimal, isoDate, literal, oneOf, str, uuid } from '../fields.js';
import { formatAmount } from '../money.js';
import { COMPARISONS_OR_NULL, filterOn, type FilterSpecs } from '../query.js';
import { findOr404, getOne, listOf, single } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { parseBody } from '../validation.js';
import { costElementTemplateResource } from './cost-elements.js';
import { finconProduct } from './product.js';
import type { ProjectRecord } from './records.js';
import { projectResource, propertyResource } from './resources.js';

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

/** Areas, volumes and ratios: a JSON number or a decimal string, stored as a decimal string. */
const measure = () =>
  decimal({ numbers: true })
    .transform((value) => formatAmount(value))
    .nullable()
    .optional();

const sharedFields = {
  commercial_area: measure(),
  commercial_usage_ratio: measure(),
  default_tax_rate: measure(),
  description: str().nullable().optional(),
  effective_floor_area: measure(),
  estimated_end_date: isoDate().nullable().optional(),
  estimated_start_date: isoDate().nullable().optional(),
  gross_floor_area: measure(),
  gross_volume: measure(),
  identifier: str({ max: 50 }).nullable().optional(),
  project_usage: oneOf(PROJECT_USAGES).nullable().optional(),
  rental_area: measure(),
  residential_area: measure(),
};

const createBody = z.object({
  data: z.object({
    type: literal('PROJECT'),
    attributes: z.object({
      ...sharedFields,
      cost_element_tree_template: uuid().nullable().optional(),
      default_contracting_entity: uuid(),
      name: str({ max: 250 }),
      property: uuid(),
      use_cost_elements: bool().optional(),
    }),
  }),
});

const updateBody = z.object({
  data: z.object({
    type: literal('PROJECT'),
    attributes: z.object({
      ...sharedFields,
      default_contracting_entity: uuid().nullable().optional(),
      name: str({ max: 250 }).nullable().optional(),
    }),
  }),
});

const attributePointer = (name: string) => ['data', 'attributes', name] as const;

function createProject(request: SandboxRequest) {
  const { attributes } = parseBody(createBody, request.json()).data;
  const { store } = request;
  const property = referenced(propertyResource, store, attributes.property, ...attributePointer('property'));
  const entity = referenced(
    contractingEntityResource(finconProduct),
    store,
    attributes.default_contracting_entity,
    ...attributePointer('default_contracting_entity'),
  );
  const template =
    attributes.cost_element_tree_template &&
    referenced(
      costElementTemplateResource,
      store,
      attributes.cost_element_tree_template,
      ...attributePointer('cost_element_tree_template'),
    );
  const useCostElements = attributes.use_cost_elements ?? false;
  if (useCostElements && !template) {
    throw new ApiError(
      400,
      'A project that uses cost elements needs a cost_element_tree_template.',
      pointer(...attributePointer('cost_element_tree_template')),
    );
  }
  const project = store.fincon.projects.insert({
    id: store.newId(),
    name: attributes.name,
    identifier: attributes.identifier ?? '',
    description: attributes.description ?? '',
    property: property.id,
    default_contracting_entity: entity.id,
    default_tax_rate: attributes.default_tax_rate ?? '19.00',
    use_cost_elements: useCostElements,
    cost_element_tree_template: template ? template.id : null,
    is_active: true,
    project_usage: attributes.project_usage ?? null,
    estimated_start_date: attributes.estimated_start_date ?? null,
    estimated_end_date: attributes.estimated_end_date ?? null,
    gross_floor_area: attributes.gross_floor_area ?? null,
    effective_floor_area: attributes.effective_floor_area ?? null,
    residential_area: attributes.residential_area ?? null,
    commercial_area: attributes.commercial_area ?? null,
    rental_area: attributes.rental_area ?? null,
    gross_volume: attributes.gross_volume ?? null,
    commercial_usage_ratio: attributes.commercial_usage_ratio ?? null,
    custom_fields: {},
  });
  return single(projectResource, project, request, 201);
}

function updateProject(request: SandboxRequest) {
  const { attributes } = parseBody(updateBody, request.json()).data;
  const { store } = request;
  const project = findOr404(projectResource, store, request.params.id as string);
  if (attributes.default_contracting_entity) {
    referenced(
      contractingEntityResource(finconProduct),
      store,
      attributes.default_contracting_entity,
      ...attributePointer('default_contracting_entity'),
    );
  }
  assignDefined(project, attributes);
  return single(projectResource, project, request);
}

export const projectRoutes: RouteSpec[] = [
  { method: 'GET', path: '/projects/', handler: listOf(projectResource, { filters: projectFilters }) },
  { method: 'POST', path: '/projects/', handler: createProject },
  { method: 'GET', path: '/projects/{id}/', handler: getOne(projectResource) },
  { method: 'PATCH', path: '/projects/{id}/', handler: updateProject },
  {
    method: 'GET',
    path: '/projects/{project_id}/custom_fields/',
    handler: customFieldList(finconProduct, projectResource, 'project_id', 'PROJECT'),
  },
  {
    method: 'GET',
    path: '/properties/{property_id}/projects/',
    handler: listOf(projectResource, {
      within: {
        param: 'property_id',
        parent: propertyResource,
        rows: (property, store) => store.fincon.projects.all().filter((project) => project.property === property.id),
      },
    }),
  },
  {
    method: 'GET',
    path: '/contracting_entities/{contracting_entity_id}/projects/',
    handler: listOf(projectResource, {
      within: {
        param: 'contracting_entity_id',
        parent: contractingEntityResource(finconProduct),
        rows: (entity, store) =>
          store.fincon.projects.all().filter((project) => project.default_contracting_entity === entity.id),
      },
    }),
  },
];
