import { z } from 'zod';
import { ApiError, pointer } from '../envelope.js';
import { bool, int, isoDate, oneOf, str, uuid } from '../fields.js';
import { findOr404, single } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { amountInput, assignDefined, nowTimestamp, relatedRecord, relationshipRef, requireSameId, toMoney } from './bodies.js';
import { contractingEntityResource } from './contracting-entities.js';
import { contractorResource } from './contractors.js';
import { defaultTerms } from './contract-terms.js';
import { contractResource } from './contracts.js';
import { CONTRACT_STATUSES, type ContractStatus } from './enums.js';
import type { Product } from './product.js';
import type { ContractRecord } from './records.js';

/*
 * Contract create and update. Only single (STANDARD) contracts can be created, always in DRAFT.
 * Status rules on update: MULTIPART contracts keep their status; a contract needs a contractor to
 * leave DRAFT; a contract with invoices cannot go back to DRAFT; RECURRING contracts have no
 * partial completion. Rejections answer 400 with a pointer to the field.
 */

const texts = {
  booking_account_number: int().nullable().optional(),
  contract_number: str({ max: 250 }).nullable().optional(),
  cost_center: str({ max: 100 }).nullable().optional(),
  date_contract: isoDate().nullable().optional(),
  description: str().nullable().optional(),
};

const createBody = (product: Product) =>
  z.object({
    data: z.object({
      type: str().optional(),
      attributes: z.object({
        ...texts,
        amount: amountInput().nullable().optional(),
        is_reverse_charge: bool(),
        name: str({ max: 250 }),
        // Not part of the create schema; read to refuse contract kinds the API cannot create.
        contract_type: z.unknown().optional(),
        status: z.unknown().optional(),
      }),
      relationships: z.object({
        ...parentShape(product, relationshipRef()),
        contracting_entity: relationshipRef(),
        contractor: relationshipRef().nullable().optional(),
      }),
    }),
  });

const updateBody = (product: Product) =>
  z.object({
    data: z.object({
      id: uuid(),
      type: str().optional(),
      attributes: z.object({
        ...texts,
        amount: amountInput().nullable().optional(),
        name: str({ max: 250 }).nullable().optional(),
        status: oneOf(CONTRACT_STATUSES).optional(),
      }),
      relationships: z
        .object({
          ...parentShape(product, relationshipRef().nullable().optional()),
          contracting_entity: relationshipRef().nullable().optional(),
          contractor: relationshipRef().nullable().optional(),
        })
        .nullable()
        .optional(),
    }),
  });

/** The body field naming the contract's parent: `contract_unit` (FinCon) or `measure` (CAPEX). */
function parentShape<S extends z.ZodType>(product: Product, schema: S) {
  return { [product.contractParent.attribute]: schema } as Record<Product['contractParent']['attribute'], S>;
}

type Ref = { data: { id: string } } | null | undefined;

/** The contract parent named in a body, checked to exist; its scope (project or asset) comes along. */
function parentFrom(product: Product, store: Store, ref: Ref): { id: string; scope: string } | undefined {
  if (!ref) return undefined;
  const { attribute } = product.contractParent;
  const parent = relatedRecord(product.contractParent.resource(), store, attribute, ref);
  return { id: parent.id, scope: product.scope.ofParent(store, parent.id) as string };
}

function refuseContractKind(attributes: { contract_type?: unknown; status?: unknown }): void {
  if (attributes.contract_type !== undefined && attributes.contract_type !== 'STANDARD') {
    throw new ApiError(
      400,
      `Only single contracts can be created through the API; ${String(attributes.contract_type)} contracts (multipart or recurring) are set up in Alasco.`,
      pointer('data', 'attributes', 'contract_type'),
    );
  }
  if (attributes.status !== undefined && attributes.status !== 'DRAFT') {
    throw new ApiError(
      400,
      `Contracts are created in DRAFT; change the status afterwards with PATCH /contracts/{id}/.`,
      pointer('data', 'attributes', 'status'),
    );
  }
}

const createContract = (product: Product) => (request: SandboxRequest) => {
  const { attributes, relationships } = parseBody(createBody(product), request.json()).data;
  const { store } = request;
  refuseContractKind(attributes);
  const parent = parentFrom(product, store, relationships[product.contractParent.attribute] as Ref) as { id: string };
  const entity = relatedRecord(contractingEntityResource(product), store, 'contracting_entity', relationships.contracting_entity);
  const contractor =
    relationships.contractor && relatedRecord(contractorResource(product), store, 'contractor', relationships.contractor);
  const contract = product.tables(store).contracts.insert({
    id: store.newId(),
    name: attributes.name,
    description: attributes.description ?? '',
    contract_number: attributes.contract_number ?? '',
    cost_center: attributes.cost_center ?? '',
    parent: parent.id,
    contracting_entity: entity.id,
    contractor: contractor ? contractor.id : null,
    contract_type: 'STANDARD',
    status: 'DRAFT',
    amount: attributes.amount ? toMoney(attributes.amount) : null,
    reserve_amount: null,
    booking_account_number: attributes.booking_account_number ?? null,
    date_contract: attributes.date_contract ?? null,
    date_created: nowTimestamp(store),
    is_reverse_charge: attributes.is_reverse_charge,
    terms: defaultTerms(),
    custom_fields: {},
  });
  // The service answers contract creation with 200, not 201.
  return single(contractResource(product), contract, request, 200);
};

const STATUS_POINTER = pointer('data', 'attributes', 'status');

function checkStatusChange(
  product: Product,
  store: Store,
  contract: ContractRecord,
  target: ContractStatus,
  contractor: string | null,
): void {
  if (target === contract.status) return;
  if (contract.contract_type === 'MULTIPART') {
    throw new ApiError(
      400,
      `Contract ${contract.id} is a MULTIPART contract; its status cannot be changed through the API.`,
      STATUS_POINTER,
    );
  }
  if (target !== 'DRAFT' && contractor === null) {
    throw new ApiError(
      400,
      `Contract ${contract.id} has no contractor; set relationships.contractor before moving it out of DRAFT.`,
      pointer('data', 'relationships', 'contractor'),
    );
  }
  const invoices = product
    .tables(store)
    .invoices.all()
    .filter((invoice) => invoice.contract === contract.id).length;
  if (target === 'DRAFT' && invoices > 0) {
    throw new ApiError(400, `Contract ${contract.id} has ${invoices} invoice(s) and cannot go back to DRAFT.`, STATUS_POINTER);
  }
  if (target === 'PARTIAL_COMPLETED' && contract.contract_type === 'RECURRING') {
    throw new ApiError(
      400,
      `Contract ${contract.id} is RECURRING; recurring contracts are not partially completed.`,
      STATUS_POINTER,
    );
  }
}

const updateContract = (product: Product) => (request: SandboxRequest) => {
  const { data } = parseBody(updateBody(product), request.json());
  const { store } = request;
  const resource = contractResource(product);
  const contract = findOr404(resource, store, request.params.id as string);
  requireSameId(data.id, contract.id, 'contract');
  const relationships = data.relationships ?? {};
  const { attribute } = product.contractParent;

  const parent = parentFrom(product, store, relationships[attribute] as Ref);
  const currentScope = product.scope.ofParent(store, contract.parent);
  if (parent && parent.scope !== currentScope) {
    throw new ApiError(
      400,
      `A contract can move only within its ${product.name === 'fincon' ? 'project' : 'asset'}: ${parent.id} belongs to ${parent.scope}, the contract to ${currentScope}.`,
      pointer('data', 'relationships', attribute, 'data', 'id'),
    );
  }
  const entity =
    relationships.contracting_entity &&
    relatedRecord(contractingEntityResource(product), store, 'contracting_entity', relationships.contracting_entity);
  const contractor =
    relationships.contractor && relatedRecord(contractorResource(product), store, 'contractor', relationships.contractor);

  const { status, amount, ...fields } = data.attributes;
  if (status) checkStatusChange(product, store, contract, status, contractor ? contractor.id : contract.contractor);

  assignDefined(contract, fields);
  if (amount) contract.amount = toMoney(amount);
  if (status) contract.status = status;
  if (parent) contract.parent = parent.id;
  if (entity) contract.contracting_entity = entity.id;
  if (contractor) contract.contractor = contractor.id;
  return single(resource, contract, request);
};

export const contractWriteRoutes = (product: Product): RouteSpec[] => [
  { method: 'POST', path: '/contracts/', handler: createContract(product) },
  { method: 'PATCH', path: '/contracts/{id}/', handler: updateContract(product) },
];
