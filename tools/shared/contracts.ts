import { z } from 'zod';
import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, flag, integer, isoDate, moneyInput, text, uuid } from '../fields.js';
import { keylessSchema, out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from './enums.js';
import { allOptional, bounds, declarer, matches, oneOf } from '../kit.js';

/** What a contract hangs from: a contract unit in FinCon, a measure in CAPEX. */
export function contractParent(scope: Scope): 'contract_unit' | 'measure' {
  return scope.product === 'capex' ? 'measure' : 'contract_unit';
}

export function contractView(scope: Scope): ResourceView {
  const parent = contractParent(scope);
  return {
    type: 'CONTRACT',
    singular: 'contract',
    plural: 'contracts',
    label: ['name'],
    columns: ['contract_number', 'status', 'contract_type', 'amount', 'contractor', parent],
    totals: ['amount'],
    schema: resourceSchema({
      name: out.text,
      description: out.text,
      contract_number: out.text,
      contract_type: out.text,
      status: out.text,
      amount: out.money,
      reserve_amount: out.money,
      [parent]: out.id,
      contracting_entity: out.id,
      contractor: out.id,
      cost_center: out.text,
      booking_account_number: out.integer,
      date_contract: out.date,
      date_created: out.dateTime,
      is_reverse_charge: out.boolean,
    }),
  };
}

const termsView: ResourceView = {
  type: 'CONTRACT_TERMS',
  singular: 'contract terms',
  plural: 'contract terms',
  label: ['contract_id'],
  columns: ['calculation_block_order'],
  schema: keylessSchema({
    contract_id: out.id,
    calculation_block_order: out.texts,
    general_terms: out.object,
    rules: z.array(out.object),
  }),
};

/** Custom field values of a contract (both products) or a project (FinCon). */
export const customFieldView: ResourceView = {
  type: 'CUSTOM_FIELD',
  singular: 'custom field',
  plural: 'custom fields',
  label: ['name'],
  columns: ['value'],
  schema: resourceSchema({ name: out.text, value: out.any }),
};

/**
 * What a contract's parent includes, with the list that reads each by id when the API refuses the
 * include: its contract unit up to the property in FinCon. The CAPEX OpenAPI repeats FinCon's
 * contract_unit paths, which CAPEX contracts have no attribute for; a CAPEX contract's parent is
 * its measure and the measure's asset (README, API notes).
 */
export function parentIncludes(scope: Scope): Record<string, string> {
  return scope.product === 'capex'
    ? { measure: scope.tool('list_measures'), 'measure.asset': scope.tool('list_assets') }
    : {
        contract_unit: 'list_contract_units',
        'contract_unit.project': 'list_projects',
        'contract_unit.project.property': 'list_properties',
      };
}

export function contractIncludes(scope: Scope): Record<string, string> {
  return {
    contractor: scope.tool('list_contractors'),
    contracting_entity: scope.tool('list_contracting_entities'),
    ...parentIncludes(scope),
  };
}

export function contractId(scope: Scope) {
  return uuid('The contract id', scope.tool('list_contracts'));
}

/** Only single contracts can be created; the others are set up in the application. */
const creatableType = z
  .enum(['STANDARD'], {
    error: (issue) =>
      CONTRACT_TYPES.includes(String(issue.input) as never)
        ? `${String(issue.input)} contracts cannot be created through the API: it creates only single (STANDARD) contracts, as DRAFT; set up multipart and recurring contracts in the application`
        : 'must be STANDARD',
  })
  .meta({ description: 'MULTIPART and RECURRING cannot be created here' });

const contractFields = {
  description: text('Description'),
  contract_number: text('Contract number', 250),
  cost_center: text('Cost center', 100),
  date_contract: isoDate('Contract date'),
  booking_account_number: integer('Booking account number', 1, 999_999_999),
  amount: moneyInput(),
};
const contractAttributes = ['name', ...Object.keys(contractFields)];

/** Contracts and what hangs from them (terms, custom fields), in FinCon and CAPEX. */
export function contractOperations(scope: Scope): Operation[] {
  const declare = declarer(scope, 'contracts');
  const admin = declarer(scope, 'contract_admin');
  const view = contractView(scope);
  const parent = contractParent(scope);
  const parentType = parent.toUpperCase();
  const parentList = scope.tool(parent === 'measure' ? 'list_measures' : 'list_contract_units');
  const entityId = (what: string) => uuid(what, scope.tool('list_contracting_entities'));
  const contractorId = (what?: string) => uuid(what, scope.tool('list_contractors'));
  const read = { method: 'GET', hints: hints.read, result: view } as const;
  const contractsOf = (what: string) => `Lists the contracts of one ${what}.`;

  return [
    declare({
      ...read,
      name: 'list_contracts',
      title: 'List contracts',
      description: `Lists contracts with contractor, number, status and amount.`,
      path: '/contracts/',
      include: contractIncludes(scope),
      list: {
        filters: {
          id: oneOf,
          name: matches,
          contract_number: matches,
          cost_center: matches,
          status: oneOf,
          contract_type: oneOf,
          [parent]: oneOf,
          project: oneOf,
          contractor: oneOf,
          contracting_entity: oneOf,
          is_reverse_charge: ['is'],
          date_created: bounds,
          date_contract: [...bounds, 'is'],
          // Custom field values by definition id; which operations apply depends on the field type.
          'custom_fields.<uuid>': ['exact', 'contains', ...bounds, ...oneOf, 'is'],
        },
        datetimes: ['date_created'],
      },
    }),
    declare({
      ...read,
      name: 'get_contract',
      title: 'Get a contract',
      description: 'Returns one contract with its amount, status and dates.',
      path: '/contracts/{id}/',
      pathArgs: { id: 'contract_id' },
      args: { contract_id: contractId(scope) },
      include: contractIncludes(scope),
    }),
    admin({
      ...read,
      name: `list_${parent}_contracts`,
      title: `List the contracts of a ${parent.replace('_', ' ')}`,
      description: contractsOf(parent.replace('_', ' ')),
      ...(parent === 'measure'
        ? { path: '/measures/{id}/contracts/', pathArgs: { id: 'measure_id' } }
        : { path: '/contract_units/{contract_unit_id}/contracts/' }),
      args: { [`${parent}_id`]: uuid(`The ${parent.replace('_', ' ')} id`, parentList) },
      include: contractIncludes(scope),
      list: {},
    }),
    admin({
      ...read,
      name: 'list_contractor_contracts',
      title: 'List the contracts of a contractor',
      description: contractsOf('contractor'),
      path: '/contractors/{contractor_id}/contracts/',
      args: { contractor_id: contractorId('The contractor id') },
      include: contractIncludes(scope),
      list: {},
    }),
    admin({
      ...read,
      name: 'list_contracting_entity_contracts',
      title: 'List the contracts of a contracting entity',
      description: contractsOf('contracting entity (the commissioning company)'),
      path: '/contracting_entities/{contracting_entity_id}/contracts/',
      args: { contracting_entity_id: entityId('The contracting entity id') },
      include: contractIncludes(scope),
      list: {},
    }),
    admin({
      name: 'create_contract',
      title: 'Create a contract',
      description: `Creates a single (STANDARD) contract in status DRAFT under a ${parent.replace('_', ' ')}.`,
      method: 'POST',
      path: '/contracts/',
      hints: hints.append,
      args: {
        [`${parent}_id`]: uuid(`The ${parent.replace('_', ' ')} the contract belongs to`, parentList),
        contracting_entity_id: entityId('The client-side company commissioning it'),
        contractor_id: contractorId().optional(),
        name: text(undefined, 250),
        is_reverse_charge: flag('Invoiced without VAT'),
        contract_type: creatableType.optional(),
        ...allOptional(contractFields),
      },
      body: {
        type: 'CONTRACT',
        attributes: [...contractAttributes, 'is_reverse_charge'],
        relationships: {
          [parent]: { arg: `${parent}_id`, type: parentType },
          contracting_entity: { arg: 'contracting_entity_id', type: 'CONTRACTING_ENTITY' },
          contractor: { arg: 'contractor_id', type: 'CONTRACTOR' },
        },
      },
      result: view,
    }),
    admin({
      name: 'update_contract',
      title: 'Update a contract',
      description: 'Changes master data, amount, status, parties or parent of a contract.',
      method: 'PATCH',
      path: '/contracts/{id}/',
      pathArgs: { id: 'contract_id' },
      hints: hints.overwrite,
      args: {
        contract_id: contractId(scope),
        name: text(undefined, 250).optional(),
        ...allOptional(contractFields),
        status: choice(CONTRACT_STATUSES, 'Leaving DRAFT needs a contractor; MULTIPART keeps its status').optional(),
        contractor_id: contractorId('New contractor').optional(),
        contracting_entity_id: entityId('New contracting entity').optional(),
        [`${parent}_id`]: uuid(`Move the contract to this ${parent.replace('_', ' ')}`, parentList).optional(),
      },
      partialUpdate: true,
      onConflict:
        'Status changes depend on the contract type, its invoices and completion rules: a contractor must be set before leaving DRAFT, and MULTIPART contracts keep their status.',
      body: {
        type: 'CONTRACT',
        idArg: 'contract_id',
        attributes: [...contractAttributes, 'status'],
        relationships: {
          [parent]: { arg: `${parent}_id`, type: parentType },
          contracting_entity: { arg: 'contracting_entity_id', type: 'CONTRACTING_ENTITY' },
          contractor: { arg: 'contractor_id', type: 'CONTRACTOR' },
        },
      },
      result: view,
    }),
    declare({
      name: 'get_contract_terms',
      title: 'Get the terms of a contract',
      description:
        "Returns a contract's payment terms: payment and discount periods per invoice type, discount and deduction percentages.",
      method: 'GET',
      path: '/contracts/{contract_id}/contract_terms/',
      hints: hints.read,
      args: { contract_id: contractId(scope) },
      result: termsView,
    }),
    admin({
      name: 'list_contract_custom_fields',
      title: 'List the custom fields of a contract',
      description: 'Lists the custom field values of one contract.',
      method: 'GET',
      path: '/contracts/{contract_id}/custom_fields/',
      hints: hints.read,
      args: { contract_id: contractId(scope) },
      list: {},
      result: customFieldView,
    }),
  ];
}
