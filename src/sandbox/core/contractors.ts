import { z } from 'zod';
import { ApiError, pointer } from '../envelope.js';
import { int, literal, oneOf, str } from '../fields.js';
import { readUpload } from '../files/uploads.js';
import { filterOn, type FilterSpecs } from '../query.js';
import { findOr404, getOne, listOf, single, type Resource } from '../resource.js';
import type { Reply, RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { assignDefined } from './bodies.js';
import { COUNTRY_CODES, TAX_AUTHORITIES } from './enums.js';
import { perProduct, type Product } from './product.js';
import type { ContractorRecord } from './records.js';

export const contractorResource = perProduct((product): Resource<ContractorRecord> => ({
  type: 'CONTRACTOR',
  label: 'Contractor',
  table: (store) => product.tables(store).contractors,
  attributes: ({ id: _id, seq: _seq, tax_waiver_required: _required, tax_waiver: waiver, ...attributes }) => ({
    ...attributes,
    tax_waiver: waiver && {
      security_number: waiver.security_number,
      filename: waiver.filename,
      valid_until: waiver.valid_until,
    },
  }),
}));

/** Contractors holding a contract in the given scopes (FinCon projects, CAPEX assets). */
function scopesOf(product: Product) {
  return (contractor: ContractorRecord, _attributes: unknown, store: Store) =>
    product
      .tables(store)
      .contracts.all()
      .filter((contract) => contract.contractor === contractor.id)
      .map((contract) => product.scope.ofParent(store, contract.parent) ?? '');
}

const contractorFilters = (product: Product): FilterSpecs<ContractorRecord> => ({
  id: filterOn.ids(),
  name: filterOn.text(),
  iban: filterOn.text(),
  bic: filterOn.text(),
  vat_id: filterOn.text(),
  contact_person_name: filterOn.text(),
  contact_person_phone_number: filterOn.text(),
  contact_person_email: filterOn.text(),
  address: filterOn.text(),
  tax_id: filterOn.text(),
  tax_authority: filterOn.choice(TAX_AUTHORITIES),
  identifier: filterOn.text(),
  [product.scope.contractorFilter]: filterOn.ids(scopesOf(product)),
});

const taxWaiverInput = z.object({ security_number: str({ max: 90 }) });

const attributeFields = {
  accounts_payable_number: int().nullable().optional(),
  address: str({ max: 255 }).nullable().optional(),
  bic: str().nullable().optional(),
  city: str({ max: 255 }).nullable().optional(),
  contact_person_email: str().nullable().optional(),
  contact_person_name: str({ max: 250 }).nullable().optional(),
  contact_person_phone_number: str().nullable().optional(),
  country: oneOf(COUNTRY_CODES).nullable().optional(),
  iban: str().nullable().optional(),
  identifier: str({ max: 50 }).nullable().optional(),
  tax_authority: oneOf(TAX_AUTHORITIES).nullable().optional(),
  tax_id: str({ max: 250 }).nullable().optional(),
  tax_waiver: taxWaiverInput.nullable().optional(),
  vat_id: str({ max: 250 }).nullable().optional(),
  zip_code: str({ max: 12 }).nullable().optional(),
};

const createBody = z.object({
  data: z.object({ type: literal('CONTRACTOR'), attributes: z.object({ name: str({ min: 1, max: 250 }), ...attributeFields }) }),
});

const updateBody = z.object({
  data: z.object({
    type: literal('CONTRACTOR'),
    attributes: z.object({ name: str({ min: 1, max: 250 }).nullable().optional(), ...attributeFields }),
  }),
});

type ContractorInput = z.output<typeof updateBody>['data']['attributes'];

/**
 * Applies a contractor body. A non-empty tax waiver security number needs tax authority and tax id
 * (from the body or already stored), creates the waiver if there is none and marks it required;
 * an empty one is stored as such and only clears the requirement (the product specification), so
 * the waiver keeps its certificate. A refused body changes nothing.
 */
function applyContractor(contractor: ContractorRecord, input: ContractorInput): void {
  const { tax_waiver: waiver, tax_authority: authority, accounts_payable_number: payableNumber, ...texts } = input;
  const number = waiver?.security_number.trim();
  if (number) {
    const missing = [
      !(authority === undefined ? contractor.tax_authority : authority) && 'tax_authority',
      !(texts.tax_id ?? contractor.tax_id) && 'tax_id',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ApiError(
        400,
        `A tax waiver needs the contractor's tax_authority and tax_id; set ${missing.join(' and ')} first (or in the same request).`,
        pointer('data', 'attributes', 'tax_waiver', 'security_number'),
      );
    }
  }
  assignDefined(contractor, texts);
  if (authority !== undefined) contractor.tax_authority = authority;
  if (payableNumber !== undefined) contractor.accounts_payable_number = payableNumber;
  if (number === undefined) return;
  if (contractor.tax_waiver) contractor.tax_waiver = { ...contractor.tax_waiver, security_number: number };
  else if (number !== '') contractor.tax_waiver = { security_number: number, filename: null, valid_until: null, document: null };
  contractor.tax_waiver_required = number !== '';
}

const create = (product: Product) => (request: SandboxRequest) => {
  const { attributes } = parseBody(createBody, request.json()).data;
  const draft: ContractorRecord = {
    id: request.store.newId(),
    seq: 0,
    name: attributes.name,
    identifier: '',
    accounts_payable_number: null,
    address: '',
    zip_code: '',
    city: '',
    country: '',
    iban: '',
    bic: '',
    vat_id: '',
    tax_id: '',
    tax_authority: null,
    tax_waiver: null,
    tax_waiver_required: false,
    contact_person_name: '',
    contact_person_email: '',
    contact_person_phone_number: '',
  };
  applyContractor(draft, attributes);
  const { seq: _seq, ...fields } = draft;
  const contractor = product.tables(request.store).contractors.insert(fields);
  return single(contractorResource(product), contractor, request, 201);
};

const update = (product: Product) => (request: SandboxRequest) => {
  const { attributes } = parseBody(updateBody, request.json()).data;
  const resource = contractorResource(product);
  const contractor = findOr404(resource, request.store, request.params.id as string);
  applyContractor(contractor, attributes);
  return single(resource, contractor, request);
};

/** The certificate for the waiver; the contractor must hold a tax waiver (security number) already. */
const uploadTaxWaiver =
  (product: Product) =>
  async (request: SandboxRequest): Promise<Reply> => {
    const contractor = findOr404(contractorResource(product), request.store, request.params.id as string);
    const { file } = await readUpload(request, { fileField: 'upload', pdf: true });
    const waiver = contractor.tax_waiver;
    if (!waiver) {
      await request.store.files.remove(file);
      throw new ApiError(
        400,
        `Contractor ${contractor.id} has no tax waiver; set attributes.tax_waiver.security_number first, then upload its certificate.`,
      );
    }
    if (waiver.document) await request.store.files.remove(waiver.document);
    contractor.tax_waiver = { ...waiver, filename: file.filename, document: file };
    return { status: 200, body: { data: { filename: file.filename }, errors: null, included: null, links: null } };
  };

const downloadTaxWaiver = (product: Product) => (request: SandboxRequest) => {
  const contractor = findOr404(contractorResource(product), request.store, request.params.id as string);
  const document = contractor.tax_waiver?.document;
  if (!document) throw new ApiError(404, `Contractor ${contractor.id} has no tax waiver document.`);
  return { status: 302, headers: { Location: request.store.storage.link(document) } };
};

export const contractorRoutes = (product: Product): RouteSpec[] => [
  { method: 'GET', path: '/contractors/', handler: listOf(contractorResource(product), { filters: contractorFilters(product) }) },
  { method: 'POST', path: '/contractors/', handler: create(product) },
  { method: 'GET', path: '/contractors/{id}/', handler: getOne(contractorResource(product)) },
  { method: 'PATCH', path: '/contractors/{id}/', handler: update(product) },
  { method: 'GET', path: '/contractors/{id}/download-tax-waiver/', handler: downloadTaxWaiver(product) },
  { method: 'POST', path: '/contractors/{id}/upload-tax-waiver/', handler: uploadTaxWaiver(product) },
];
