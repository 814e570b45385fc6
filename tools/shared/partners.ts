/** Contractors (suppliers) and contracting entities (the commissioning companies), in FinCon and CAPEX. */
import { z } from 'zod';
import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, integer, text, uuid } from '../fields.js';
import { keylessSchema, out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';
import { COUNTRY_CODES, TAX_AUTHORITIES } from './enums.js';
import { allOptional, declarer, matches, oneOf } from '../kit.js';
import { bankDetailsGuard } from './bank-details-guard.js';

export const contractorView: ResourceView = {
  type: 'CONTRACTOR',
  singular: 'contractor',
  plural: 'contractors',
  label: ['name'],
  columns: ['identifier', 'city', 'vat_id', 'tax_authority', 'tax_waiver'],
  schema: resourceSchema({
    name: out.text,
    identifier: out.text,
    accounts_payable_number: out.integer,
    address: out.text,
    zip_code: out.text,
    city: out.text,
    country: out.text,
    vat_id: out.text,
    tax_id: out.text,
    tax_authority: out.text,
    tax_waiver: out.object,
    iban: out.text,
    bic: out.text,
    contact_person_name: out.text,
    contact_person_email: out.text,
    contact_person_phone_number: out.text,
  }),
};

export const contractingEntityView: ResourceView = {
  type: 'CONTRACTING_ENTITY',
  singular: 'contracting entity',
  plural: 'contracting entities',
  label: ['name'],
  columns: ['city', 'vat_id', 'tax_authority', 'commercial_register_number'],
  schema: resourceSchema({
    name: out.text,
    address: out.text,
    zip_code: out.text,
    city: out.text,
    email: out.text,
    website: out.text,
    managing_directors: out.text,
    commercial_register_type: out.text,
    commercial_register_number: out.text,
    register_court: out.text,
    vat_id: out.text,
    tax_id: out.text,
    tax_authority: out.text,
  }),
};

const taxWaiverUploadView: ResourceView = {
  type: 'TAX_WAIVER',
  singular: 'tax waiver document',
  plural: 'tax waiver documents',
  label: ['filename'],
  columns: [],
  schema: keylessSchema({ filename: out.text }),
};

const address = {
  address: text(undefined, 255),
  zip_code: text(undefined, 12),
  city: text('City', 255),
};
const taxAuthority = choice(TAX_AUTHORITIES, 'e.g. BAVARIA');

const contractorFields = {
  identifier: text('Your own', 50),
  accounts_payable_number: integer('Creditor number', 0),
  ...address,
  country: choice(COUNTRY_CODES, 'e.g. DE'),
  vat_id: text('e.g. DE123456789', 250),
  tax_id: text(undefined, 250),
  tax_authority: taxAuthority,
  tax_waiver: z.object({ security_number: z.string().max(90).meta({ description: 'An empty string clears it' }) }).meta({
    description: 'Freistellungsbescheinigung; needs tax_authority and tax_id',
  }),
  iban: text('IBAN'),
  bic: text('BIC'),
  contact_person_name: text('Contact person', 250),
  contact_person_email: text('Contact person email'),
  contact_person_phone_number: text('Contact person phone number'),
};

const entityFields = {
  ...address,
  email: text(undefined, 250),
  website: text(undefined, 250),
  managing_directors: text('Managing directors', 250),
  commercial_register_type: text('e.g. HRB', 250),
  commercial_register_number: text('Commercial register number', 250),
  register_court: text('Register court', 250),
  vat_id: text('VAT id', 250),
  tax_id: text(undefined, 250),
  tax_authority: taxAuthority,
};

const NEEDS_TAX_DATA = 'a tax waiver security number needs the tax_authority and tax_id of the contractor';

export function partnerOperations(scope: Scope): Operation[] {
  const declare = declarer(scope, 'partners');
  const contractorId = uuid('The contractor id', scope.tool('list_contractors'));
  const entityId = uuid('The contracting entity id', scope.tool('list_contracting_entities'));
  const byContractor = { pathArgs: { id: 'contractor_id' }, args: { contractor_id: contractorId } } as const;
  const byEntity = { pathArgs: { id: 'contracting_entity_id' }, args: { contracting_entity_id: entityId } } as const;
  const contractorAttributes = ['name', ...Object.keys(contractorFields)];
  const entityAttributes = ['name', ...Object.keys(entityFields)];
  const read = { method: 'GET', hints: hints.read } as const;

  return [
    declare({
      ...read,
      name: 'list_contractors',
      title: 'List contractors',
      description: `Lists contractors (suppliers, vendors) with address and tax data.`,
      path: '/contractors/',
      list: {
        filters: {
          id: oneOf,
          name: matches,
          identifier: matches,
          address: matches,
          vat_id: matches,
          tax_id: matches,
          tax_authority: oneOf,
          iban: matches,
          bic: matches,
          contact_person_name: matches,
          contact_person_email: matches,
          contact_person_phone_number: matches,
          [scope.product === 'capex' ? 'asset' : 'project']: oneOf,
        },
      },
      result: contractorView,
    }),
    declare({
      ...read,
      ...byContractor,
      name: 'get_contractor',
      title: 'Get a contractor',
      description: 'Returns one contractor with address, bank and tax data.',
      path: '/contractors/{id}/',
      result: contractorView,
    }),
    declare({
      name: 'create_contractor',
      title: 'Create a contractor',
      description: 'Creates a contractor (supplier).',
      method: 'POST',
      path: '/contractors/',
      hints: hints.append,
      args: { name: text(undefined, 250), ...allOptional(contractorFields) },
      check: (args) => {
        const waiver = args.tax_waiver as { security_number?: string } | undefined;
        return waiver?.security_number && !(args.tax_authority && args.tax_id)
          ? { field: 'tax_waiver', fix: `${NEEDS_TAX_DATA}: give tax_authority and tax_id in the same call` }
          : undefined;
      },
      body: { type: 'CONTRACTOR', attributes: contractorAttributes },
      result: contractorView,
    }),
    declare({
      ...byContractor,
      name: 'update_contractor',
      title: 'Update a contractor',
      description:
        'Changes master, bank or tax data of a contractor; a new IBAN or BIC is previewed and needs the user to confirm.',
      method: 'PATCH',
      path: '/contractors/{id}/',
      hints: hints.overwrite,
      args: { ...byContractor.args, name: text(undefined, 250).optional(), ...allOptional(contractorFields) },
      partialUpdate: true,
      onConflict: `If the tax waiver was refused: ${NEEDS_TAX_DATA}; set them (in the same call or first).`,
      body: { type: 'CONTRACTOR', attributes: contractorAttributes },
      result: contractorView,
      guard: bankDetailsGuard(scope),
    }),
    declare({
      ...byContractor,
      name: 'upload_tax_waiver',
      title: "Upload a contractor's tax waiver",
      description: `Uploads a contractor's tax waiver certificate (Freistellungsbescheinigung, PDF); set its security number first with ${scope.tool('update_contractor')}.`,
      method: 'POST',
      path: '/contractors/{id}/upload-tax-waiver/',
      hints: hints.append,
      upload: { fileField: 'upload', pdfOnly: true },
      result: taxWaiverUploadView,
    }),
    declare({
      ...read,
      ...byContractor,
      name: 'download_tax_waiver',
      title: "Download a contractor's tax waiver",
      description: "Downloads the PDF of a contractor's tax waiver.",
      path: '/contractors/{id}/download-tax-waiver/',
      result: { kind: 'file' },
    }),
    declare({
      ...read,
      name: 'list_contracting_entities',
      title: 'List contracting entities',
      description: 'Lists contracting entities: the client-side companies that commission contracts.',
      path: '/contracting_entities/',
      list: {
        filters: {
          id: oneOf,
          name: matches,
          address: matches,
          zip_code: matches,
          city: matches,
          tax_id: matches,
          tax_authority: oneOf,
        },
      },
      result: contractingEntityView,
    }),
    declare({
      ...read,
      ...byEntity,
      name: 'get_contracting_entity',
      title: 'Get a contracting entity',
      description: 'Returns one contracting entity with address, register and tax data.',
      path: '/contracting_entities/{id}/',
      result: contractingEntityView,
    }),
    declare({
      name: 'create_contracting_entity',
      title: 'Create a contracting entity',
      description: 'Creates a contracting entity (a client-side company that commissions contracts).',
      method: 'POST',
      path: '/contracting_entities/',
      hints: hints.append,
      args: { name: text(undefined, 250), ...allOptional(entityFields) },
      body: { type: 'CONTRACTING_ENTITY', attributes: entityAttributes },
      result: contractingEntityView,
    }),
    declare({
      ...byEntity,
      name: 'update_contracting_entity',
      title: 'Update a contracting entity',
      description: 'Changes address, register or tax data of a contracting entity.',
      method: 'PATCH',
      path: '/contracting_entities/{id}/',
      hints: hints.overwrite,
      args: { ...byEntity.args, name: text(undefined, 250).optional(), ...allOptional(entityFields) },
      partialUpdate: true,
      body: { type: 'CONTRACTING_ENTITY', attributes: entityAttributes },
      result: contractingEntityView,
    }),
  ];
}
