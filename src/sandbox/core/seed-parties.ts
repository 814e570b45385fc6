import type { FileStore } from '../files/file-store.js';
import { renderPdf } from '../files/pdf.js';
import type { Random } from '../random.js';
import type { CoreTables, ContractorRecord, TaxWaiverRecord } from './records.js';
import {
  BANKS,
  FIRST_NAMES,
  FURTHER_TRADES,
  LEGAL_FORMS,
  PLACES,
  STREETS,
  SURNAMES,
  TRADES,
  type Place,
} from './seed-catalog.js';
import { digits, germanIban, slug, taxNumber, vatId } from './seed-kit.js';

/* Contractors and contracting entities, the parties of the seeded contracts. */

export interface SeededContractor {
  record: ContractorRecord;
  /** The budget package (trade) the contractor is engaged for; null for master data only. */
  trade: string | null;
}

/**
 * One contractor per surname working in the trades the contracts need, then `further` contractors
 * of other trades that hold no contract (master data lists of a real account are long).
 */
export function seedContractors(
  tables: CoreTables,
  files: FileStore,
  random: Random,
  options: { further: number; identifierFrom: number },
): SeededContractor[] {
  const working = SURNAMES.map((surname, i) => {
    const trade = TRADES[i % TRADES.length] as (typeof TRADES)[number];
    return { surname, company: trade.company, trade: trade.unit };
  });
  const furtherRandom = random.fork('further');
  const further = Array.from({ length: options.further }, (_, i) => ({
    surname: furtherRandom.pick(SURNAMES),
    company: FURTHER_TRADES[i % FURTHER_TRADES.length] as string,
    trade: null,
  }));
  return [...working, ...further].map(({ surname, company, trade }, i) => {
    const draw = i < working.length ? random : furtherRandom;
    const record = tables.contractors.insert(contractorFields(draw, files, surname, company, options.identifierFrom + i));
    return { record, trade };
  });
}

function contractorFields(random: Random, files: FileStore, surname: string, company: string, number: number) {
  const place = random.pick(PLACES);
  const bank = random.pick(BANKS);
  const name = `${surname} ${company} ${random.pick(LEGAL_FORMS)}`;
  const domain = `${slug(surname)}-${slug(company)}.example`;
  const contact = random.pick(FIRST_NAMES);
  const waiver = random.chance(0.5) ? taxWaiver(random, files, surname) : null;
  return {
    id: random.uuid(),
    name,
    identifier: `K-${number}`,
    accounts_payable_number: 60_000 + number,
    address: `${random.pick(STREETS)} ${random.int(1, 120)}`,
    zip_code: place.zip,
    city: place.city,
    country: 'DE',
    iban: germanIban(bank.code, digits(random, 10)),
    bic: bank.bic,
    vat_id: vatId(random),
    tax_id: taxNumber(random),
    tax_authority: place.authority,
    tax_waiver: waiver,
    tax_waiver_required: waiver !== null,
    contact_person_name: `${contact} ${surname}`,
    contact_person_email: `${slug(contact)}.${slug(surname)}@${domain}`,
    contact_person_phone_number: `+49 ${place.phone} ${digits(random, 6)}`,
  };
}

/** A Freistellungsbescheinigung (§ 48b EStG) with its certificate as a PDF. */
function taxWaiver(random: Random, files: FileStore, surname: string): TaxWaiverRecord {
  const securityNumber = `S${digits(random, 8)}`;
  const validUntil = `${random.pick(['2026', '2027'])}-12-31`;
  const filename = `Freistellungsbescheinigung_${slug(surname)}.pdf`;
  const document = files.addGenerated({ filename, contentType: 'application/pdf' }, () =>
    renderPdf('Freistellungsbescheinigung zum Steuerabzug bei Bauleistungen', [
      `Sicherheitsnummer: ${securityNumber}`,
      `Gültig bis: ${validUntil}`,
      'gemäß § 48b Einkommensteuergesetz',
    ]),
  );
  return { security_number: securityNumber, filename, valid_until: validUntil, document };
}

export interface EntityFixture {
  name: string;
  address: string;
  place: Place;
  managing_directors: string;
  register_court: string;
}

export function seedContractingEntities(tables: CoreTables, random: Random, fixtures: readonly EntityFixture[]): string[] {
  return fixtures.map((entity) => {
    const domain = `${slug(entity.name.split(' ')[0] as string)}-bau.example`;
    return tables.contractingEntities.insert({
      id: random.uuid(),
      name: entity.name,
      address: entity.address,
      zip_code: entity.place.zip,
      city: entity.place.city,
      tax_id: taxNumber(random),
      tax_authority: entity.place.authority,
      vat_id: vatId(random),
      managing_directors: entity.managing_directors,
      commercial_register_type: 'HRB',
      commercial_register_number: `HRB ${random.int(10_000, 99_999)}`,
      register_court: entity.register_court,
      email: `buchhaltung@${domain}`,
      website: `https://www.${domain}`,
    }).id;
  });
}
