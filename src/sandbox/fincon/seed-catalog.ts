import type { ProjectUsage } from '../core/enums.js';
import { PLACES, type CustomFieldFixture, type Place } from '../core/seed-catalog.js';
import type { EntityFixture } from '../core/seed-parties.js';
import type { TemplateFixture } from './cost-element-catalog.js';

/* German vocabulary only the FinCon seed draws from (shared words: core/seed-catalog.ts). All fictional. */

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

interface PropertyFixture {
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
  /** The cost element tree template of a project using cost elements. */
  template?: TemplateFixture['key'];
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
    template: 'din276',
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
    template: 'refurbishment',
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

/** Projects whose invoice workflow has two complete-details steps. */
export const TWO_STEP_PROJECTS: readonly string[] = ['Quartier am Rheinauhafen', 'Wohnpark Isarauen'];

export const CUSTOM_FIELDS: readonly CustomFieldFixture[] = [
  {
    name: 'Vergabeart',
    description: 'Verfahren, in dem der Auftrag vergeben wurde',
    export_name: 'vergabeart',
    field_type: 'SELECT',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
    options: ['Öffentliche Ausschreibung', 'Beschränkte Ausschreibung', 'Freihändige Vergabe', 'Verhandlungsverfahren'],
  },
  {
    name: 'Gewährleistungsende',
    description: 'Ende der Gewährleistungsfrist',
    export_name: 'gewaehrleistungsende',
    field_type: 'DATE',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Nachunternehmer zulässig',
    description: 'Darf der Auftragnehmer Nachunternehmer einsetzen?',
    export_name: 'nachunternehmer_zulaessig',
    field_type: 'BOOLEAN',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Vertragsstrafe je Werktag',
    description: 'Vereinbarte Vertragsstrafe bei Verzug (früheres Geldfeld)',
    export_name: 'vertragsstrafe_je_werktag',
    field_type: 'MONEY',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Leistungsbereiche',
    description: 'Gewerke, die der Vertrag umfasst',
    export_name: 'leistungsbereiche',
    field_type: 'MULTISELECT',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
    options: ['Planung', 'Ausführung', 'Wartung', 'Gewährleistung'],
  },
  {
    name: 'Anzahl Mängelrügen',
    description: 'Schriftliche Mängelrügen an den Auftragnehmer',
    export_name: 'anzahl_maengelruegen',
    field_type: 'INTEGER',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Bemerkung Vergabe',
    description: 'Freitext zur Vergabeentscheidung',
    export_name: 'bemerkung_vergabe',
    field_type: 'TEXT',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Energiestandard',
    description: 'Angestrebter energetischer Standard',
    export_name: 'energiestandard',
    field_type: 'SELECT',
    object_type: 'PROJECT',
    unit: 'NO_UNIT',
    options: ['GEG-Standard', 'Effizienzhaus 55', 'Effizienzhaus 40', 'Effizienzhaus 40 NH'],
  },
  {
    name: 'Budget Aufsichtsrat',
    description: 'Vom Aufsichtsrat freigegebenes Gesamtbudget (früheres Geldfeld)',
    export_name: 'budget_aufsichtsrat',
    field_type: 'MONEY',
    object_type: 'PROJECT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Grundstücksfläche',
    description: 'Fläche des Baugrundstücks',
    export_name: 'grundstuecksflaeche',
    field_type: 'DECIMAL',
    object_type: 'PROJECT',
    unit: 'AREA',
  },
  {
    name: 'Fertigstellung laut Kaufvertrag',
    description: 'Vertraglich zugesicherter Fertigstellungstermin',
    export_name: 'fertigstellung_kaufvertrag',
    field_type: 'DATE',
    object_type: 'PROJECT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Förderfähig',
    description: 'Förderung nach BEG beantragt',
    export_name: 'foerderfaehig',
    field_type: 'BOOLEAN',
    object_type: 'PROJECT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Stellplätze',
    description: 'Anzahl der Kfz-Stellplätze',
    export_name: 'stellplaetze',
    field_type: 'INTEGER',
    object_type: 'PROJECT',
    unit: 'NO_UNIT',
  },
];

/** Roles of seeded contacts; private ones are buyers of flats. */
export const CONTACT_ROLES = {
  COMMERCIAL: [
    'Prüfstatiker',
    'Sachverständiger Brandschutz',
    'SiGeKo',
    'Bauamt, Sachbearbeitung',
    'Vermessung',
    'Energieberatung',
    'Projektsteuerung',
    'Hausverwaltung',
    'Makler',
    'Finanzierende Bank',
  ],
  PRIVATE: ['Erwerber', 'Mietinteressent', 'Nachbar'],
} as const;

export const CONTACT_COMPANIES = [
  'Ingenieurbüro',
  'Sachverständigenbüro',
  'Verwaltung',
  'Immobilien',
  'Planungsgesellschaft',
] as const;

/** Revenue side of projects that sell or let units. */
export const SALES = [
  { project: 'Wohnpark Isarauen', houses: ['A', 'B', 'C', 'D'], perHouse: 24, pricePerSqm: 9_800 },
  { project: 'Hunsrück Mitte', houses: ['Marktplatz'], perHouse: 24, pricePerSqm: 4_200 },
] as const;

export const LETTINGS = [
  { project: 'Quartier am Rheinauhafen', prefix: 'Büro', count: 30, monthlyRent: 14_500 },
  { project: 'Bürocampus Westend', prefix: 'Mietfläche', count: 22, monthlyRent: 21_000 },
  { project: 'Logistikzentrum Kassel-Nord', prefix: 'Halle', count: 4, monthlyRent: 68_000 },
] as const;

export const OUTRIGHT_SALES = [
  {
    project: 'Logistikzentrum Kassel-Nord',
    name: 'Globalverkauf an Spezialfonds',
    identifier: 'GV-LK-01',
    price: 38_500_000,
    paidShare: 1,
  },
  {
    project: 'Quartier am Rheinauhafen',
    name: 'Forward Deal Baukörper C',
    identifier: 'FD-QR-C',
    price: 24_800_000,
    paidShare: 0.3,
  },
] as const;
