import type { ProjectUsage, TaxAuthority } from './enums.js';

/* Fixed German vocabulary the FinCon seed draws from. All companies and people are fictional. */

export interface Place {
  city: string;
  zip: string;
  authority: TaxAuthority;
  /** Area code for phone numbers. */
  phone: string;
}

export const PLACES: readonly Place[] = [
  { city: 'Simmern (Hunsrück)', zip: '55469', authority: 'RHEINLAND_PALATINATE', phone: '6761' },
  { city: 'Koblenz', zip: '56068', authority: 'RHEINLAND_PALATINATE', phone: '261' },
  { city: 'Köln', zip: '50670', authority: 'NORTH_RHINE_WESTPHALIA', phone: '221' },
  { city: 'Düsseldorf', zip: '40210', authority: 'NORTH_RHINE_WESTPHALIA', phone: '211' },
  { city: 'München', zip: '80331', authority: 'BAVARIA', phone: '89' },
  { city: 'Augsburg', zip: '86150', authority: 'BAVARIA', phone: '821' },
  { city: 'Frankfurt am Main', zip: '60311', authority: 'HESSE', phone: '69' },
  { city: 'Kassel', zip: '34117', authority: 'HESSE', phone: '561' },
  { city: 'Hamburg', zip: '20095', authority: 'HAMBURG', phone: '40' },
  { city: 'Mainz', zip: '55116', authority: 'RHEINLAND_PALATINATE', phone: '6131' },
  { city: 'Stuttgart', zip: '70173', authority: 'BADEN_WUERTTEMBERG', phone: '711' },
  { city: 'Leipzig', zip: '04109', authority: 'SAXONY', phone: '341' },
  { city: 'Berlin', zip: '10115', authority: 'BERLIN', phone: '30' },
  { city: 'Hannover', zip: '30159', authority: 'LOWER_SAXONY', phone: '511' },
];

export const STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Industriestraße',
  'Gewerbering',
  'Am Werkhof',
  'Lindenallee',
  'Schillerstraße',
  'Mühlenweg',
  'Handwerkerstraße',
  'Im Kirschgarten',
  'Rheinuferstraße',
  'Goethestraße',
] as const;

export const SURNAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hartmann',
  'Lange',
  'Werner',
  'Jung',
] as const;

export const FIRST_NAMES = [
  'Anna',
  'Jonas',
  'Katrin',
  'Lukas',
  'Sabine',
  'Tobias',
  'Miriam',
  'Stefan',
  'Julia',
  'Matthias',
  'Petra',
  'Florian',
] as const;

/** Trades a contractor works in; `unit` names the contract unit the trade's contracts belong to. */
export interface Trade {
  company: string;
  unit: string;
}

export const TRADES: readonly Trade[] = [
  { company: 'Erdbau', unit: 'Baugrube und Erdarbeiten' },
  { company: 'Tiefbau', unit: 'Baugrube und Erdarbeiten' },
  { company: 'Bauunternehmung', unit: 'Rohbau' },
  { company: 'Betonbau', unit: 'Rohbau' },
  { company: 'Bedachungen', unit: 'Dach und Abdichtung' },
  { company: 'Fassadentechnik', unit: 'Fassade und Fenster' },
  { company: 'Fensterbau', unit: 'Fassade und Fenster' },
  { company: 'Haustechnik', unit: 'Heizung, Lüftung, Sanitär' },
  { company: 'Sanitär- und Heizungsbau', unit: 'Heizung, Lüftung, Sanitär' },
  { company: 'Elektrotechnik', unit: 'Elektrotechnik' },
  { company: 'Trockenbau', unit: 'Innenausbau' },
  { company: 'Malerwerkstätten', unit: 'Innenausbau' },
  { company: 'Fliesen und Naturstein', unit: 'Innenausbau' },
  { company: 'Garten- und Landschaftsbau', unit: 'Außenanlagen' },
  { company: 'Architekten', unit: 'Planung und Bauleitung' },
  { company: 'Ingenieurgesellschaft', unit: 'Planung und Bauleitung' },
] as const;

export const LEGAL_FORMS = ['GmbH', 'GmbH & Co. KG', 'e.K.', 'GmbH', 'AG'] as const;

/** Contract unit packages, in the order a project procures them. */
export const UNIT_PACKAGES: readonly { name: string; description: string; share: number }[] = [
  { name: 'Baugrube und Erdarbeiten', description: 'Aushub, Verbau und Wasserhaltung', share: 0.06 },
  { name: 'Rohbau', description: 'Beton-, Stahlbeton- und Mauerarbeiten', share: 0.3 },
  { name: 'Dach und Abdichtung', description: 'Dachkonstruktion, Dämmung und Abdichtung', share: 0.06 },
  { name: 'Fassade und Fenster', description: 'Fassadensystem, Fenster und Sonnenschutz', share: 0.12 },
  { name: 'Heizung, Lüftung, Sanitär', description: 'Wärmeerzeugung, Lüftungsanlagen und Sanitärinstallation', share: 0.14 },
  { name: 'Elektrotechnik', description: 'Stark- und Schwachstrom, Beleuchtung', share: 0.09 },
  { name: 'Innenausbau', description: 'Trockenbau, Bodenbeläge, Maler- und Fliesenarbeiten', share: 0.11 },
  { name: 'Außenanlagen', description: 'Wege, Stellplätze und Begrünung', share: 0.04 },
  { name: 'Planung und Bauleitung', description: 'Architekten- und Ingenieurleistungen', share: 0.08 },
];

export interface Bank {
  bic: string;
  /** Bankleitzahl, the 8-digit German bank code inside the IBAN. */
  code: string;
}

export const BANKS: readonly Bank[] = [
  { bic: 'DEUTDEFFXXX', code: '50070010' },
  { bic: 'COBADEFFXXX', code: '50040000' },
  { bic: 'COLSDE33XXX', code: '37050198' },
  { bic: 'GENODEM1GLS', code: '43060967' },
  { bic: 'HYVEDEMMXXX', code: '70020270' },
  { bic: 'PBNKDEFFXXX', code: '50010060' },
  { bic: 'MALADE51KOB', code: '57050120' },
  { bic: 'SSKMDEMMXXX', code: '70150000' },
];

export interface PropertyFixture {
  name: string;
  description: string;
  address: string;
  zip_code: string;
  city: string;
}

export interface ProjectFixture {
  name: string;
  identifier: string;
  description: string;
  use_cost_elements: boolean;
  is_active: boolean;
  project_usage: ProjectUsage;
  start: string;
  end: string;
  gross_floor_area: string;
  /** Budget scale in euros (net), spread over the contract units by their share. */
  volume: number;
  hasFinancing: boolean;
  property: PropertyFixture;
}

export const PROJECTS: readonly ProjectFixture[] = [
  {
    name: 'Hunsrück Mitte',
    identifier: 'HM-2023',
    description: 'Wohn- und Geschäftshaus mit Tiefgarage am Marktplatz',
    use_cost_elements: false,
    is_active: true,
    project_usage: 'MIXED_USAGE',
    start: '2023-03-01',
    end: '2026-09-30',
    gross_floor_area: '8450.00',
    volume: 18_500_000,
    hasFinancing: true,
    property: {
      name: 'Areal Marktplatz Simmern',
      description: 'Innerstädtisches Baugrundstück, ehemals Kaufhaus',
      address: 'Koblenzer Straße 12',
      zip_code: '55469',
      city: 'Simmern (Hunsrück)',
    },
  },
  {
    name: 'Quartier am Rheinauhafen',
    identifier: 'QR-2023',
    description: 'Büro- und Wohnquartier mit drei Baukörpern',
    use_cost_elements: true,
    is_active: true,
    project_usage: 'MIXED_USAGE',
    start: '2023-05-15',
    end: '2027-03-31',
    gross_floor_area: '21300.00',
    volume: 46_000_000,
    hasFinancing: true,
    property: {
      name: 'Rheinauhafen Baufeld 3',
      description: 'Hafenareal am Rheinufer',
      address: 'Am Zollhafen 7',
      zip_code: '50678',
      city: 'Köln',
    },
  },
  {
    name: 'Wohnpark Isarauen',
    identifier: 'WI-2023',
    description: 'Vier Mehrfamilienhäuser mit 96 Wohneinheiten',
    use_cost_elements: false,
    is_active: true,
    project_usage: 'NON_COMMERCIAL_USAGE',
    start: '2023-07-01',
    end: '2026-12-31',
    gross_floor_area: '14600.00',
    volume: 29_000_000,
    hasFinancing: false,
    property: {
      name: 'Isarauen Süd',
      description: 'Ehemaliges Gärtnereigelände',
      address: 'Auenstraße 80',
      zip_code: '81371',
      city: 'München',
    },
  },
  {
    name: 'Bürocampus Westend',
    identifier: 'BW-2024',
    description: 'Sanierung und Aufstockung eines Bürogebäudes aus den 1970er Jahren',
    use_cost_elements: true,
    is_active: true,
    project_usage: 'COMMERCIAL_USAGE',
    start: '2024-01-15',
    end: '2026-10-31',
    gross_floor_area: '12100.00',
    volume: 24_000_000,
    hasFinancing: false,
    property: {
      name: 'Westend Campus',
      description: 'Bürostandort mit Innenhof',
      address: 'Feldbergstraße 35',
      zip_code: '60323',
      city: 'Frankfurt am Main',
    },
  },
  {
    name: 'Logistikzentrum Kassel-Nord',
    identifier: 'LK-2023',
    description: 'Logistikhalle mit Büroriegel und 40 Andockstellen',
    use_cost_elements: false,
    is_active: true,
    project_usage: 'COMMERCIAL_USAGE',
    start: '2023-04-01',
    end: '2025-11-30',
    gross_floor_area: '31800.00',
    volume: 21_000_000,
    hasFinancing: true,
    property: {
      name: 'Gewerbepark Kassel-Nord',
      description: 'Gewerbegrundstück an der A7',
      address: 'Lilienthalstraße 20',
      zip_code: '34123',
      city: 'Kassel',
    },
  },
  {
    name: 'Schulzentrum Elbinsel',
    identifier: 'SE-2023',
    description: 'Neubau einer Stadtteilschule mit Sporthalle',
    use_cost_elements: false,
    is_active: false,
    project_usage: 'NON_COMMERCIAL_USAGE',
    start: '2023-02-01',
    end: '2025-08-31',
    gross_floor_area: '9800.00',
    volume: 16_000_000,
    hasFinancing: false,
    property: {
      name: 'Elbinsel Wilhelmsburg',
      description: 'Schulstandort am Inselpark',
      address: 'Rotenhäuser Damm 12',
      zip_code: '21107',
      city: 'Hamburg',
    },
  },
];

export interface EntityFixture {
  name: string;
  address: string;
  place: Place;
  managing_directors: string;
  register_court: string;
}

/** Contracting entities; project i is commissioned by entity i mod 4. */
export const ENTITIES: readonly EntityFixture[] = [
  {
    name: 'Hunsrück Wohnbau GmbH',
    address: 'Schlossplatz 3',
    place: PLACES[0] as Place,
    managing_directors: 'Claudia Reuter, Martin Basten',
    register_court: 'Amtsgericht Bad Kreuznach',
  },
  {
    name: 'Rheinufer Projektentwicklung GmbH & Co. KG',
    address: 'Agrippinawerft 4',
    place: PLACES[2] as Place,
    managing_directors: 'Dr. Henrik Assmann',
    register_court: 'Amtsgericht Köln',
  },
  {
    name: 'Isar Quartiersbau GmbH',
    address: 'Sendlinger Straße 28',
    place: PLACES[4] as Place,
    managing_directors: 'Verena Lechner',
    register_court: 'Amtsgericht München',
  },
  {
    name: 'Mainstadt Immobilien AG',
    address: 'Taunusanlage 9',
    place: PLACES[6] as Place,
    managing_directors: 'Oliver Brandt, Senta Kaya',
    register_court: 'Amtsgericht Frankfurt am Main',
  },
];

export const TAGS = [
  { name: 'Skonto nutzen', color: 'GREEN' },
  { name: 'Eilig', color: 'RED' },
  { name: 'Mängel offen', color: 'ORANGE' },
  { name: 'Sicherheitseinbehalt', color: 'BLUE' },
  { name: 'Externe Prüfung', color: 'UNSPECIFIED' },
] as const;

export const SHIFT_REASONS = {
  SHIFT: ['Mehrkosten Gründung aus Reserve gedeckt', 'Umplanung Fassade', 'Nachtrag Brandschutz', 'Vergabegewinn umgeschichtet'],
  INCREASE: ['Budgeterhöhung durch Bauherrenwunsch', 'Indexanpassung Baupreise', 'Zusätzliche Ladeinfrastruktur'],
  DECREASE: ['Leistung entfallen', 'Vergabe unter Budget', 'Einsparung Ausstattung'],
} as const;

export const PAYMENT_COMMENTS = [
  'Überweisung laut Zahlungsfreigabe',
  'Sammelüberweisung KW',
  'Teilzahlung gemäß Zahlungsplan',
  'Zahlung unter Abzug Skonto',
  'Abschlagszahlung',
] as const;
