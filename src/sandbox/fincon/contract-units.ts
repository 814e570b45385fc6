import { z } from 'zod';
import { ApiError, pointer } from '../envelope.js';
import { literal, oneOf, str, uuid } from '../fields.js';
import { money, type Dec } from '../money.js';
import { filterOn, type FilterSpecs } from '../query.js';
import { findOr404, getOne, listOf, single } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { netTax, relatedRecord, relationshipRef, requireSameId } from '../core/bodies.js';
import { CONTRACT_UNIT_CREATE_STATES, CONTRACT_UNIT_STATES, type ContractUnitState } from '../core/enums.js';
import type { ContractUnitRecord, ProjectRecord } from './records.js';
import { contractUnitResource, projectResource } from './resources.js';

const contractUnitFilters: FilterSpecs<ContractUnitRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  state: filterOn.choice(CONTRACT_UNIT_STATES),
  project: filterOn.ids(),
};

/** States the system manages itself: never set through the API, and a unit in one never leaves it. */
const SYSTEM_STATES: readonly ContractUnitState[] = ['CONTINGENCY', 'FINANCING'];

const createBody = z.object({
  data: z.object({
    type: literal('CONTRACT_UNIT').optional(),
    attributes: z.object({
      name: str({ max: 250 }),
      description: str().optional(),
      state: oneOf(CONTRACT_UNIT_CREATE_STATES).optional(),
      initial_budget: netTax().nullable().optional(),
    }),
    relationships: z.object({ project: relationshipRef() }),
  }),
});

const patchBody = z.object({
  data: z.object({
    id: uuid(),
    type: literal('CONTRACT_UNIT').optional(),
    attributes: z
      .object({
        name: str({ max: 250 }).nullable().optional(),
        description: str().nullable().optional(),
        state: oneOf(CONTRACT_UNIT_STATES).nullable().optional(),
        initial_budget: netTax().nullable().optional(),
      })
      .nullable()
      .optional(),
    // Not part of the update schema; read only to refuse moving a unit to another project.
    relationships: z.unknown().optional(),
  }),
});

const STATE_POINTER = pointer('data', 'attributes', 'state');
const BUDGET_POINTER = pointer('data', 'attributes', 'initial_budget');

function refuseSystemState(state: ContractUnitState): void {
  if (SYSTEM_STATES.includes(state)) {
    throw new ApiError(
      400,
      `Contract unit state ${state} is managed by Alasco and cannot be set through the API.`,
      STATE_POINTER,
    );
  }
}

/** The initial budget to store, or undefined when none was sent; refused for projects that use cost elements. */
function initialBudgetFor(project: ProjectRecord, budget: { net: Dec; tax: Dec } | null | undefined) {
  if (!budget) return undefined;
  if (project.use_cost_elements) {
    throw new ApiError(
      400,
      `Project ${project.id} uses cost elements, so its contract units take no initial_budget; budget is planned on cost elements instead.`,
      BUDGET_POINTER,
    );
  }
  return money(budget.net, budget.tax);
}

function createContractUnit(request: SandboxRequest) {
  const { data } = parseBody(createBody, request.json());
  const { store } = request;
  const project = relatedRecord(projectResource, store, 'project', data.relationships.project);
  const state = data.attributes.state ?? 'BUDGETED';
  refuseSystemState(state);
  const unit = store.fincon.contractUnits.insert({
    id: store.newId(),
    name: data.attributes.name,
    description: data.attributes.description ?? '',
    project: project.id,
    state,
    initial_budget: initialBudgetFor(project, data.attributes.initial_budget) ?? null,
    cost_element: null,
  });
  return single(contractUnitResource, unit, request, 201);
}

function patchContractUnit(request: SandboxRequest) {
  const { data } = parseBody(patchBody, request.json());
  const { store } = request;
  const unit = findOr404(contractUnitResource, store, request.params.id as string);
  requireSameId(data.id, unit.id, 'contract unit');
  const movedTo = requestedProject(data.relationships);
  if (movedTo !== undefined && movedTo !== unit.project) {
    throw new ApiError(
      400,
      `The project of a contract unit cannot be changed (unit ${unit.id} belongs to project ${unit.project}).`,
      pointer('data', 'relationships', 'project'),
    );
  }
  const attributes = data.attributes ?? {};
  if (attributes.state && attributes.state !== unit.state) checkTransition(store, unit, attributes.state);
  const project = store.fincon.projects.get(unit.project) as ProjectRecord;
  const budget = initialBudgetFor(project, attributes.initial_budget);

  if (attributes.name != null) unit.name = attributes.name;
  if (attributes.description != null) unit.description = attributes.description;
  if (attributes.state) unit.state = attributes.state;
  if (budget) unit.initial_budget = budget;
  return single(contractUnitResource, unit, request);
}

function checkTransition(store: Store, unit: ContractUnitRecord, target: ContractUnitState): void {
  if (SYSTEM_STATES.includes(unit.state)) {
    throw new ApiError(
      400,
      `Contract unit ${unit.id} is in state ${unit.state}, which is managed by Alasco; its state cannot be changed through the API.`,
      STATE_POINTER,
    );
  }
  refuseSystemState(target);
  if (target === 'FINALIZED') {
    const open = store.fincon.contracts
      .all()
      .filter((contract) => contract.parent === unit.id && contract.status !== 'COMPLETED');
    if (open.length > 0) {
      const list = open.map((contract) => `${contract.id} (${contract.status})`).join(', ');
      throw new ApiError(
        400,
        `Contract unit ${unit.id} can be FINALIZED only when all its contracts are COMPLETED; not completed: ${list}.`,
        STATE_POINTER,
      );
    }
  }
}

/** The project id a PATCH body names under relationships.project, if any. */
function requestedProject(relationships: unknown): string | undefined {
  const id = (relationships as { project?: { data?: { id?: unknown } } } | undefined)?.project?.data?.id;
  return typeof id === 'string' ? id.toLowerCase() : undefined;
}

export const contractUnitRoutes: RouteSpec[] = [
  { method: 'GET', path: '/contract_units/', handler: listOf(contractUnitResource, { filters: contractUnitFilters }) },
  { method: 'POST', path: '/contract_units/', handler: createContractUnit },
  { method: 'GET', path: '/contract_units/{id}/', handler: getOne(contractUnitResource) },
  { method: 'PATCH', path: '/contract_units/{id}/', handler: patchContractUnit },
];
