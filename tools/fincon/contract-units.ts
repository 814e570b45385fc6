import { createUnitBudgetGuard, updateUnitBudgetGuard } from './budget-guards.js';
import { z } from 'zod';
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { netTaxInput, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { declarer, matches, oneOf } from '../kit.js';
import { fincon } from '../scope.js';

const declare = declarer(fincon, 'budget');

export const contractUnitView: ResourceView = {
  type: 'CONTRACT_UNIT',
  singular: 'contract unit',
  plural: 'contract units',
  label: ['name'],
  columns: ['state', 'project'],
  schema: resourceSchema({ name: out.text, description: out.text, project: out.id, state: out.text }),
};

const API_MANAGED_STATES = ['CONTINGENCY', 'FINANCING'];

/** The states a caller may set; reserve and financing units belong to the application alone. */
function settableState<const T extends readonly [string, ...string[]]>(states: T) {
  return z
    .enum(states, {
      error: (issue) =>
        API_MANAGED_STATES.includes(String(issue.input))
          ? `${String(issue.input)} cannot be set or changed through the API (reserve and financing units are managed in the application); use one of ${states.join(', ')}`
          : `must be one of ${states.join(', ')}`,
    })
    .meta({ description: 'CONTINGENCY and FINANCING cannot be set here' });
}

const initialBudget = netTaxInput('Only for projects without cost elements');

export const listContractUnits = declare({
  name: 'list_contract_units',
  title: 'List contract units',
  description: 'Lists contract units (Vergabeeinheiten), the budget packages of a project.',
  method: 'GET',
  path: '/contract_units/',
  hints: hints.read,
  list: {
    filters: { id: oneOf, name: matches, state: oneOf, project: oneOf },
  },
  result: contractUnitView,
});

export const getContractUnit = declare({
  name: 'get_contract_unit',
  title: 'Get a contract unit',
  description: 'Returns one contract unit (budget package): name, description, project and state.',
  method: 'GET',
  path: '/contract_units/{id}/',
  pathArgs: { id: 'contract_unit_id' },
  hints: hints.read,
  args: { contract_unit_id: uuid('The contract unit id', 'list_contract_units') },
  result: contractUnitView,
});

export const createContractUnit = declare({
  name: 'create_contract_unit',
  title: 'Create a contract unit',
  description: 'Creates a budget package in a project, optionally with its initial budget.',
  method: 'POST',
  path: '/contract_units/',
  hints: hints.append,
  args: {
    project_id: uuid('Cannot be changed later', 'list_projects'),
    name: text('e.g. "Rohbau"', 250),
    description: text('Description').optional(),
    state: settableState(['BUDGETED']).optional(),
    initial_budget: initialBudget.optional(),
  },
  body: {
    type: 'CONTRACT_UNIT',
    attributes: ['name', 'description', 'state', 'initial_budget'],
    relationships: { project: { arg: 'project_id', type: 'PROJECT' } },
  },
  result: contractUnitView,
  guard: createUnitBudgetGuard,
});

export const updateContractUnit = declare({
  name: 'update_contract_unit',
  title: 'Update a contract unit',
  description:
    'Changes name, description, state or initial budget of a contract unit. FINALIZED needs all its contracts completed.',
  method: 'PATCH',
  path: '/contract_units/{id}/',
  pathArgs: { id: 'contract_unit_id' },
  hints: hints.overwrite,
  args: {
    contract_unit_id: uuid('The contract unit to change', 'list_contract_units'),
    name: text(undefined, 250).optional(),
    description: text('New description').optional(),
    state: settableState(['BUDGETED', 'FULLY_AWARDED', 'FINALIZED']).optional(),
    initial_budget: initialBudget.optional(),
  },
  partialUpdate: true,
  body: { type: 'CONTRACT_UNIT', idArg: 'contract_unit_id', attributes: ['name', 'description', 'state', 'initial_budget'] },
  result: contractUnitView,
  guard: updateUnitBudgetGuard,
});
