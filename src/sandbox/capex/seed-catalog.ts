import type { CustomFieldFixture } from '../core/seed-catalog.js';
import { PLACES } from '../core/seed-catalog.js';
import type { EntityFixture } from '../core/seed-parties.js';

/* Vocabulary of the CAPEX seed: an existing-portfolio asset register and its capital measures. */

export const ASSETS = [
  { name: 'Bürohaus Königsallee 14', identifier: 'A-DUS-001' },
  { name: 'Geschäftshaus Zeil 88', identifier: 'A-FRA-002' },
  { name: 'Einkaufszentrum Rhein-Galerie', identifier: 'A-KOB-003' },
  { name: 'Wohnanlage Lindenhof', identifier: 'A-MUC-004' },
  { name: 'Logistikhalle Hafen Nord', identifier: 'A-HAM-005' },
  { name: 'Ärztehaus am Stadtpark', identifier: 'A-STR-006' },
  { name: 'Hotel Altes Zollamt', identifier: 'A-LEI-007' },
  { name: 'Wohn- und Geschäftshaus Schillerplatz', identifier: 'A-MZ-008' },
  { name: 'Bürocampus Europaallee', identifier: 'A-BER-009' },
  { name: 'Fachmarktzentrum Weststadt', identifier: 'A-KS-010' },
  { name: 'Seniorenwohnen Am Mühlbach', identifier: 'A-AUG-011' },
  { name: 'Parkhaus Bahnhofsplatz', identifier: 'A-H-012' },
] as const;

/** Capital measures; `trade` names the contractors' trade (see TRADES). */
export const MEASURES = [
  { name: 'Dachsanierung mit Aufdachdämmung', trade: 'Dach und Abdichtung', volume: 480_000 },
  { name: 'Austausch Heizung gegen Wärmepumpe', trade: 'Heizung, Lüftung, Sanitär', volume: 620_000 },
  { name: 'Fassadendämmung WDVS', trade: 'Fassade und Fenster', volume: 890_000 },
  { name: 'Fenstertausch Dreifachverglasung', trade: 'Fassade und Fenster', volume: 410_000 },
  { name: 'Photovoltaikanlage Dach', trade: 'Elektrotechnik', volume: 260_000 },
  { name: 'Brandschutzertüchtigung Treppenhäuser', trade: 'Innenausbau', volume: 340_000 },
  { name: 'LED-Umrüstung Allgemeinflächen', trade: 'Elektrotechnik', volume: 120_000 },
  { name: 'Mieterausbau 3. Obergeschoss', trade: 'Innenausbau', volume: 560_000 },
  { name: 'Sanierung Tiefgarage', trade: 'Rohbau', volume: 730_000 },
  { name: 'Ladeinfrastruktur E-Mobilität', trade: 'Elektrotechnik', volume: 180_000 },
  { name: 'Erneuerung Lüftungsanlage', trade: 'Heizung, Lüftung, Sanitär', volume: 450_000 },
  { name: 'Neugestaltung Außenanlagen', trade: 'Außenanlagen', volume: 210_000 },
  { name: 'Planung Modernisierung', trade: 'Planung und Bauleitung', volume: 150_000 },
] as const;

export const ENTITIES: readonly EntityFixture[] = [
  {
    name: 'Rheinland Bestandsimmobilien GmbH',
    address: 'Kaiserswerther Straße 115',
    place: PLACES[3] as (typeof PLACES)[number],
    managing_directors: 'Ines Hartwig',
    register_court: 'Amtsgericht Düsseldorf',
  },
  {
    name: 'Süd Asset Holding GmbH & Co. KG',
    address: 'Maximilianstraße 31',
    place: PLACES[4] as (typeof PLACES)[number],
    managing_directors: 'Dr. Bernd Falk, Yasemin Ötztürk',
    register_court: 'Amtsgericht München',
  },
  {
    name: 'Nordlicht Portfolio AG',
    address: 'Ballindamm 6',
    place: PLACES[8] as (typeof PLACES)[number],
    managing_directors: 'Frauke Jensen',
    register_court: 'Amtsgericht Hamburg',
  },
];

export const TAGS = [
  { name: 'Budgetfreigabe fehlt', color: 'RED' },
  { name: 'Förderung KfW', color: 'GREEN' },
  { name: 'Rückfrage Asset Management', color: 'ORANGE' },
  { name: 'Versicherungsschaden', color: 'BLUE' },
] as const;

export const CUSTOM_FIELDS: readonly CustomFieldFixture[] = [
  {
    name: 'Priorität',
    description: 'Dringlichkeit aus Sicht des Asset Managements',
    export_name: 'prioritaet',
    field_type: 'SELECT',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
    options: ['hoch', 'mittel', 'niedrig'],
  },
  {
    name: 'Investitionsfreigabe',
    description: 'Vom Investment Committee freigegebener Betrag (früheres Geldfeld)',
    export_name: 'investitionsfreigabe',
    field_type: 'MONEY',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
  },
  {
    name: 'Abnahme erfolgt',
    description: 'Förmliche Abnahme durchgeführt',
    export_name: 'abnahme_erfolgt',
    field_type: 'BOOLEAN',
    object_type: 'CONTRACT',
    unit: 'NO_UNIT',
  },
];
