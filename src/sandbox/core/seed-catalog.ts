import type { CustomFieldObjectType, CustomFieldType, CustomFieldUnit, TaxAuthority } from './enums.js';

/* German vocabulary the FinCon and CAPEX seeds share. All companies and people are fictional. */

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
interface Trade {
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

interface Bank {
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

export const PAYMENT_COMMENTS = [
  'Überweisung laut Zahlungsfreigabe',
  'Sammelüberweisung KW',
  'Teilzahlung gemäß Zahlungsplan',
  'Zahlung unter Abzug Skonto',
  'Abschlagszahlung',
] as const;

/** Trades of contractors kept as master data besides those working on the seeded contracts. */
export const FURTHER_TRADES = [
  'Gerüstbau',
  'Abbruch und Rückbau',
  'Zimmerei',
  'Schlosserei',
  'Estrichbau',
  'Bodenbeläge',
  'Tischlerei',
  'Brandschutztechnik',
  'Aufzugstechnik',
  'Glasbau',
  'Vermessungsbüro',
  'Baureinigung',
  'Kältetechnik',
  'Schadstoffsanierung',
  'Sonnenschutztechnik',
  'Blitzschutz',
] as const;

/** Change order names by basis of claim. */
export const CHANGE_ORDER_TOPICS = {
  QUANTITY_CHANGE: ['Mehrmengen Aushub Bodenklasse 5', 'Mehrmengen Bewehrungsstahl', 'Zusätzliche Installationsschächte'],
  PRICE_CHANGE: ['Preisgleitung Stahl', 'Materialpreisanpassung Dämmstoffe', 'Indexanpassung Lohnkosten'],
  SERVICE_OMMISION: ['Entfall Attikaabdeckung Nordseite', 'Entfall Außenjalousien Treppenhaus'],
  SERVICE_CHANGE: ['Geänderte Fensterformate 2. OG', 'Umplanung Lüftungsführung', 'Geänderter Bodenaufbau Foyer'],
  ADDITIONAL_SERVICE: ['Zusätzliche Brandschutzklappen', 'Mieterwunsch Zusatzsteckdosen', 'Zusätzliche Wallbox-Vorrüstung'],
  SERVICE_WITHOUT_CONTRACT: ['Notabdichtung nach Starkregen', 'Sicherung Nachbargebäude'],
  DIRECT_LABOR_WORK: ['Stundenlohnarbeiten Sturmschaden', 'Stundenlohnarbeiten Leitungsortung'],
  PERFORMANCE_PERIOD_EXTENSION: ['Bauzeitverlängerung sechs Wochen', 'Verlängerung Vorhaltung Baustelleneinrichtung'],
  COMPENSATION: ['Behinderungsanzeige Zufahrt', 'Entschädigung Stillstand Kran'],
  OTHER: ['Sonstige Mehrkosten Baustellenlogistik'],
} as const;

/** Calculation rules contract terms draw from: block, template key, German title, percentage range. */
export const RULE_TEMPLATES = [
  { rule_type: 'deduction', key: 'discount', title: 'Nachlass', input: 'approved_amount', percentages: ['1.50', '2.00', '3.00'] },
  {
    rule_type: 'retainage',
    key: 'security_retention',
    title: 'Sicherheitseinbehalt',
    input: 'approved_amount',
    percentages: ['5.00', '10.00'],
  },
  {
    rule_type: 'cost_allocation',
    key: 'construction_site_allocation',
    title: 'Bauumlage',
    input: 'approved_amount',
    percentages: ['0.50', '1.00', '1.50'],
  },
  {
    rule_type: 'insurance',
    key: 'construction_insurance',
    title: 'Bauleistungsversicherung',
    input: 'approved_amount',
    percentages: ['0.20', '0.30'],
  },
  {
    rule_type: 'guarantee',
    key: 'warranty_retention',
    title: 'Gewährleistungseinbehalt',
    input: 'approved_amount',
    percentages: ['3.00', '5.00'],
  },
] as const;

/** A custom field definition as seeded (MONEY ones are shown as DECIMAL with unit CURRENCY). */
export interface CustomFieldFixture {
  name: string;
  description: string;
  export_name: string;
  field_type: CustomFieldType;
  object_type: CustomFieldObjectType;
  unit: CustomFieldUnit;
  options?: readonly string[];
}
