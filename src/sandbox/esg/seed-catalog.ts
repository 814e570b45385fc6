import type { BuildingCertificate, EnergyCertificate, MeterSpecification, TenantRecord } from './records.js';
import type { DocumentSource, DocumentType, ProcuredBy } from './enums.js';

/* Fixed ingredients of the ESG seed: German buildings, their meters, tenants and documents. */

export interface MeterFixture extends MeterSpecification {
  code: string;
  description: string;
  procured_by: ProcuredBy;
  /** Typical consumption per month in the meter's units, before seasonality. */
  monthly: number;
  multiplication_factor?: string;
  custom_conversion_factor?: string;
  activation_date: string;
  deactivation_date?: string;
  /** Meters read by the integration carry monthly readings; the others only intervals. */
  read: boolean;
  /** Whether the green power contract gives this meter a market-based factor. */
  green_power?: boolean;
  /** Index of the building's tenant its annual consumption is attributed to. */
  tenant?: number;
}

type TenantFixture = Pick<
  TenantRecord,
  | 'name'
  | 'description'
  | 'lease_start_date'
  | 'lease_end_date'
  | 'lease_area_square_meters'
  | 'green_signature_date'
  | 'contact_title'
  | 'contact_salutation'
  | 'contact_first_name'
  | 'contact_last_name'
  | 'contact_phone_number'
>;

export interface BuildingFixture {
  code: string;
  name: string;
  external_id: string | null;
  external_asset_id: string | null;
  address: string;
  gross_external_area: string | null;
  gross_internal_area: string | null;
  energy_certificates: EnergyCertificate[];
  building_certificates: BuildingCertificate[];
  /** Years of the CO2 analyses done for the building (none: the API answers data null). */
  analysed_years: number[];
  year_built: string;
  usages: string[];
  meters: MeterFixture[];
  tenants: TenantFixture[];
}

const electricity = (
  fixture: Omit<MeterFixture, 'category' | 'sub_category' | 'heating_system' | 'cooling_system'>,
): MeterFixture => ({
  category: 'ELECTRICITY',
  sub_category: null,
  heating_system: null,
  cooling_system: null,
  ...fixture,
});

const water = (fixture: Omit<MeterFixture, 'category' | 'units' | 'heating_system' | 'cooling_system'>): MeterFixture => ({
  category: 'WATER',
  units: 'CUBIC_METERS',
  heating_system: null,
  cooling_system: null,
  ...fixture,
});

const heating = (fixture: Omit<MeterFixture, 'category' | 'sub_category' | 'cooling_system'>): MeterFixture => ({
  category: 'HEATING',
  sub_category: null,
  cooling_system: null,
  ...fixture,
});

const cooling = (fixture: Omit<MeterFixture, 'category' | 'sub_category' | 'heating_system'>): MeterFixture => ({
  category: 'COOLING',
  sub_category: null,
  heating_system: null,
  ...fixture,
});

function consumptionCertificate(
  efficiencyClass: string,
  issuedAt: string,
  heatingKwh: string,
  electricityKwh: string,
): EnergyCertificate {
  return {
    type: 'CONSUMPTION',
    is_residential: false,
    efficiency_class: efficiencyClass,
    description: 'Energieverbrauchsausweis für Nichtwohngebäude',
    end_energy_heating: heatingKwh,
    end_energy_electricity: electricityKwh,
    primary_energy: null,
    primary_energy_non_renewable: null,
    co2_emissions: null,
    issued_at: issuedAt,
    valid_until: tenYearsAfter(issuedAt),
  };
}

function demandCertificate(
  efficiencyClass: string,
  issuedAt: string,
  primaryEnergy: string,
  co2: string,
  isResidential: boolean,
): EnergyCertificate {
  return {
    type: 'DEMAND',
    is_residential: isResidential,
    efficiency_class: efficiencyClass,
    description: isResidential ? 'Energiebedarfsausweis für Wohngebäude' : 'Energiebedarfsausweis für Nichtwohngebäude',
    end_energy_heating: null,
    end_energy_electricity: null,
    primary_energy: primaryEnergy,
    primary_energy_non_renewable: primaryEnergy,
    co2_emissions: co2,
    issued_at: issuedAt,
    valid_until: tenYearsAfter(issuedAt),
  };
}

/** Energy certificates are valid for ten years, up to the day before the anniversary. */
function tenYearsAfter(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() + 10);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

export const BUILDINGS: readonly BuildingFixture[] = [
  {
    code: 'FFM-001',
    name: 'Bürohaus Westend',
    external_id: 'BLD-FFM-001',
    external_asset_id: 'AS-10017',
    address: 'Bockenheimer Landstraße 51, 60325 Frankfurt am Main',
    gross_external_area: '14850.00',
    gross_internal_area: '13220.00',
    energy_certificates: [consumptionCertificate('B', '2021-03-15', '71.4', '38.9')],
    building_certificates: [
      {
        schema: 'DGNB_BUILDINGS_IN_USE',
        level: 'GOLD',
        description: 'Rezertifizierung 2024',
        issued_at: '2024-05-08',
        valid_until: '2027-05-07',
      },
      { schema: 'BREEAM_IN_USE', level: 'VERY_GOOD', description: null, issued_at: '2022-11-21', valid_until: '2025-11-20' },
    ],
    analysed_years: [2024, 2025],
    year_built: '1998',
    usages: ['Büro', 'Gastronomie'],
    meters: [
      electricity({
        code: 'EL-01',
        description: 'Hauptzähler Allgemeinstrom',
        units: 'KILOWATT_HOURS',
        procured_by: 'LANDLORD',
        monthly: 61_000,
        multiplication_factor: '40',
        activation_date: '2016-01-01',
        read: true,
        green_power: true,
      }),
      electricity({
        code: 'EL-02',
        description: 'Mieterstrom 3. OG',
        units: 'KILOWATT_HOURS',
        procured_by: 'TENANT',
        monthly: 7_400,
        activation_date: '2019-04-01',
        read: false,
        tenant: 0,
      }),
      heating({
        code: 'WM-01',
        description: 'Fernwärme Übergabestation',
        units: 'MEGAWATT_HOURS',
        heating_system: 'DISTRICT_HEATING',
        procured_by: 'LANDLORD',
        monthly: 78,
        activation_date: '2016-01-01',
        read: true,
      }),
      cooling({
        code: 'KL-01',
        description: 'Fernkälte Rechenzentrum und Büroflächen',
        units: 'KILOWATT_HOURS',
        cooling_system: 'DISTRICT',
        procured_by: 'LANDLORD',
        monthly: 21_000,
        activation_date: '2018-06-01',
        read: true,
      }),
      water({
        code: 'WA-01',
        description: 'Hauptwasserzähler',
        sub_category: 'COLD_WATER',
        procured_by: 'LANDLORD',
        monthly: 640,
        activation_date: '2016-01-01',
        read: true,
      }),
    ],
    tenants: [
      {
        name: 'Nordlicht Software GmbH',
        description: '3. und 4. Obergeschoss',
        lease_start_date: '2019-04-01',
        lease_end_date: '2029-03-31',
        lease_area_square_meters: '2480.50',
        green_signature_date: '2023-09-12',
        contact_title: null,
        contact_salutation: 'FEMALE',
        contact_first_name: 'Katrin',
        contact_last_name: 'Albrecht',
        contact_phone_number: '+49 69 2710 4480',
      },
      {
        name: 'Weber & Partner Rechtsanwälte mbB',
        description: '5. Obergeschoss',
        lease_start_date: '2017-01-01',
        lease_end_date: '2027-12-31',
        lease_area_square_meters: '1210.00',
        green_signature_date: null,
        contact_title: 'DR',
        contact_salutation: 'MALE',
        contact_first_name: 'Matthias',
        contact_last_name: 'Weber',
        contact_phone_number: '+49 69 9150 220',
      },
      {
        name: 'Café Westend UG',
        description: 'Erdgeschoss, Gastronomie',
        lease_start_date: '2021-07-01',
        lease_end_date: '2031-06-30',
        lease_area_square_meters: '185.00',
        green_signature_date: null,
        contact_title: null,
        contact_salutation: 'FAMILY',
        contact_first_name: null,
        contact_last_name: 'Yilmaz',
        contact_phone_number: '+49 69 7430 118',
      },
      {
        name: 'Rhein-Main Personalberatung AG',
        description: '2. Obergeschoss',
        lease_start_date: '2024-02-01',
        lease_end_date: null,
        lease_area_square_meters: '860.25',
        green_signature_date: '2024-01-18',
        contact_title: 'PROFDR',
        contact_salutation: 'NONBINARY',
        contact_first_name: 'Alex',
        contact_last_name: 'Brandt',
        contact_phone_number: null,
      },
    ],
  },
  {
    code: 'BER-002',
    name: 'Wohnquartier Prenzlauer Garten',
    external_id: 'BLD-BER-002',
    external_asset_id: 'AS-10023',
    address: 'Greifswalder Straße 212, 10405 Berlin',
    gross_external_area: '9640.00',
    gross_internal_area: '8712.40',
    energy_certificates: [demandCertificate('C', '2019-10-02', '92.7', '27.3', true)],
    building_certificates: [],
    analysed_years: [2025],
    year_built: '1911',
    usages: ['Wohnen', 'Kita'],
    meters: [
      electricity({
        code: 'EL-01',
        description: 'Allgemeinstrom Treppenhäuser und Aufzüge',
        units: 'KILOWATT_HOURS',
        procured_by: 'LANDLORD',
        monthly: 4_300,
        activation_date: '2017-03-01',
        read: true,
      }),
      heating({
        code: 'GA-01',
        description: 'Gas-Brennwertkessel Heizzentrale',
        units: 'CUBIC_METERS',
        heating_system: 'GAS',
        custom_conversion_factor: '10.35',
        procured_by: 'LANDLORD',
        monthly: 9_275,
        activation_date: '2017-03-01',
        read: true,
      }),
      water({
        code: 'WA-01',
        description: 'Kaltwasser Hausanschluss',
        sub_category: 'COLD_WATER',
        procured_by: 'LANDLORD',
        monthly: 1_150,
        activation_date: '2017-03-01',
        read: true,
      }),
      water({
        code: 'WA-02',
        description: 'Warmwasserbereitung zentral',
        sub_category: 'HOT_WATER',
        procured_by: 'LANDLORD',
        monthly: 420,
        activation_date: '2017-03-01',
        read: false,
      }),
    ],
    tenants: [
      {
        name: 'Kita Sonnenblume gGmbH',
        description: 'Erdgeschoss Haus B',
        lease_start_date: '2018-08-01',
        lease_end_date: '2033-07-31',
        lease_area_square_meters: '412.80',
        green_signature_date: null,
        contact_title: null,
        contact_salutation: 'FEMALE',
        contact_first_name: 'Sabine',
        contact_last_name: 'Krüger',
        contact_phone_number: '+49 30 4405 9921',
      },
      {
        name: 'Bäckerei Schmidt e.K.',
        description: 'Ladenlokal Greifswalder Straße',
        lease_start_date: '2020-01-01',
        lease_end_date: '2030-12-31',
        lease_area_square_meters: '96.50',
        green_signature_date: null,
        contact_title: null,
        contact_salutation: 'MALE',
        contact_first_name: 'Jürgen',
        contact_last_name: 'Schmidt',
        contact_phone_number: '+49 30 4236 5507',
      },
    ],
  },
  {
    code: 'HAM-003',
    name: 'Logistikzentrum Billbrook',
    external_id: 'BLD-HAM-003',
    external_asset_id: 'AS-10028',
    address: 'Halskestraße 30, 22113 Hamburg',
    gross_external_area: '31200.00',
    gross_internal_area: '30150.00',
    energy_certificates: [demandCertificate('A', '2022-02-11', '38.2', '9.6', false)],
    building_certificates: [
      {
        schema: 'LEED_BDC_NC_C',
        level: 'GOLD',
        description: 'Neubau 2021',
        issued_at: '2022-04-29',
        valid_until: null,
      },
    ],
    analysed_years: [2024, 2025],
    year_built: '2021',
    usages: ['Logistik', 'Büro'],
    meters: [
      electricity({
        code: 'EL-01',
        description: 'Hallenbeleuchtung und Fördertechnik',
        units: 'KILOWATT_HOURS',
        procured_by: 'LANDLORD',
        monthly: 88_000,
        activation_date: '2021-09-01',
        read: true,
        tenant: 0,
      }),
      heating({
        code: 'WP-01',
        description: 'Luft-Wasser-Wärmepumpe Hallenheizung',
        units: 'KILOWATT_HOURS',
        heating_system: 'HEAT_PUMP',
        procured_by: 'LANDLORD',
        monthly: 24_000,
        activation_date: '2021-09-01',
        read: true,
      }),
      water({
        code: 'WA-01',
        description: 'Kaltwasser Sozialräume',
        sub_category: 'COLD_WATER',
        procured_by: 'LANDLORD',
        monthly: 210,
        activation_date: '2021-09-01',
        read: false,
      }),
    ],
    tenants: [
      {
        name: 'Hanse Kontraktlogistik GmbH & Co. KG',
        description: 'Hallen 1 bis 3 mit Büroanbau',
        lease_start_date: '2021-10-01',
        lease_end_date: '2036-09-30',
        lease_area_square_meters: '27400.00',
        green_signature_date: '2021-08-20',
        contact_title: null,
        contact_salutation: 'MALE',
        contact_first_name: 'Henning',
        contact_last_name: 'Petersen',
        contact_phone_number: '+49 40 7311 6020',
      },
    ],
  },
  {
    code: 'CGN-004',
    name: 'Geschäftshaus Schildergasse',
    external_id: 'BLD-CGN-004',
    external_asset_id: 'AS-10031',
    address: 'Schildergasse 84, 50667 Köln',
    gross_external_area: '7420.00',
    gross_internal_area: '6890.00',
    energy_certificates: [
      consumptionCertificate('D', '2016-06-20', '142.0', '61.3'),
      demandCertificate('C', '2024-09-03', '118.4', '33.1', false),
    ],
    building_certificates: [
      {
        schema: 'WIRED_SCORE_OCCUPIED_BUILDINGS',
        level: 'SILVER',
        description: null,
        issued_at: '2023-03-14',
        valid_until: '2026-03-13',
      },
    ],
    analysed_years: [2025],
    year_built: '1965',
    usages: ['Einzelhandel', 'Büro'],
    meters: [
      electricity({
        code: 'EL-01',
        description: 'Allgemeinstrom',
        units: 'KILOWATT_HOURS',
        procured_by: 'LANDLORD',
        monthly: 18_500,
        activation_date: '2015-01-01',
        read: true,
      }),
      // The tenant reports from its supplier's bill in MWh: one carrier in two units.
      electricity({
        code: 'EL-02',
        description: 'Mieterstrom Ladenlokal EG',
        units: 'MEGAWATT_HOURS',
        procured_by: 'TENANT',
        monthly: 23,
        activation_date: '2020-03-01',
        read: false,
        tenant: 0,
      }),
      heating({
        code: 'OE-01',
        description: 'Ölkessel (Austausch geplant 2027)',
        units: 'KILOWATT_HOURS',
        heating_system: 'OIL',
        procured_by: 'LANDLORD',
        monthly: 52_000,
        activation_date: '2015-01-01',
        read: false,
      }),
      cooling({
        code: 'KL-01',
        description: 'Kältezentrale Verkaufsfläche',
        units: 'KILOWATT_HOURS',
        cooling_system: 'LOCAL_DISTRICT',
        procured_by: 'LANDLORD',
        monthly: 9_800,
        activation_date: '2019-05-01',
        read: true,
      }),
      water({
        code: 'WA-01',
        description: 'Kaltwasser',
        sub_category: 'COLD_WATER',
        procured_by: 'LANDLORD',
        monthly: 310,
        activation_date: '2015-01-01',
        read: true,
      }),
    ],
    tenants: [
      {
        name: 'Modehaus Lindner GmbH',
        description: 'Erdgeschoss und 1. Obergeschoss, Verkaufsfläche',
        lease_start_date: '2020-03-01',
        lease_end_date: '2030-02-28',
        lease_area_square_meters: '2950.00',
        green_signature_date: null,
        contact_title: null,
        contact_salutation: 'FEMALE',
        contact_first_name: 'Petra',
        contact_last_name: 'Lindner',
        contact_phone_number: '+49 221 2576 300',
      },
      {
        name: 'Praxis Dr. Hoffmann',
        description: '3. Obergeschoss',
        lease_start_date: '2018-10-01',
        lease_end_date: '2028-09-30',
        lease_area_square_meters: '340.00',
        green_signature_date: null,
        contact_title: 'DR',
        contact_salutation: 'FEMALE',
        contact_first_name: 'Miriam',
        contact_last_name: 'Hoffmann',
        contact_phone_number: '+49 221 9348 112',
      },
    ],
  },
  {
    code: 'MUC-005',
    name: 'Technologiepark Garching',
    external_id: 'BLD-MUC-005',
    external_asset_id: 'AS-10040',
    address: 'Lichtenbergstraße 8, 85748 Garching bei München',
    gross_external_area: '22600.00',
    gross_internal_area: '20480.00',
    energy_certificates: [demandCertificate('A+', '2020-12-01', '24.9', '6.2', false)],
    building_certificates: [
      { schema: 'DGNB_NEW_CONSTRUCTION', level: 'PLATINUM', description: null, issued_at: '2021-02-17', valid_until: null },
      {
        schema: 'WELL_HEALTH_SAFETY_RATING',
        level: 'GOLD',
        description: 'Gesundheits- und Sicherheitsbewertung',
        issued_at: '2025-01-09',
        valid_until: '2026-01-08',
      },
      { schema: 'FITWEL', level: 'TWO_STAR', description: null, issued_at: '2023-06-30', valid_until: '2026-06-29' },
    ],
    analysed_years: [2023, 2024, 2025],
    year_built: '2020',
    usages: ['Labor', 'Büro'],
    meters: [
      electricity({
        code: 'EL-01',
        description: 'Gesamtstrom Labor- und Bürogebäude',
        units: 'MEGAWATT_HOURS',
        procured_by: 'LANDLORD',
        monthly: 146,
        activation_date: '2020-11-01',
        read: true,
      }),
      heating({
        code: 'PE-01',
        description: 'Pelletkessel Spitzenlast',
        units: 'KILOWATT_HOURS',
        heating_system: 'WOOD_PELLETS',
        procured_by: 'LANDLORD',
        monthly: 41_000,
        activation_date: '2020-11-01',
        read: false,
      }),
      cooling({
        code: 'KL-01',
        description: 'Fernkälte Laborkühlung',
        units: 'MEGAWATT_HOURS',
        cooling_system: 'DISTRICT',
        procured_by: 'LANDLORD',
        monthly: 33,
        activation_date: '2020-11-01',
        read: true,
      }),
      water({
        code: 'WA-01',
        description: 'Kaltwasser Labor',
        sub_category: 'COLD_WATER',
        procured_by: 'TENANT',
        monthly: 880,
        activation_date: '2020-11-01',
        read: true,
        tenant: 0,
      }),
    ],
    tenants: [
      {
        name: 'Isar Biotech AG',
        description: 'Laborflächen Bauteil A',
        lease_start_date: '2020-11-01',
        lease_end_date: '2035-10-31',
        lease_area_square_meters: '11200.00',
        green_signature_date: '2022-05-03',
        contact_title: 'PROF',
        contact_salutation: 'MALE',
        contact_first_name: 'Stefan',
        contact_last_name: 'Huber',
        contact_phone_number: '+49 89 3209 4410',
      },
      {
        name: 'Quantum Devices Europe GmbH',
        description: 'Bauteil B, 1. bis 3. Obergeschoss',
        lease_start_date: '2022-01-01',
        lease_end_date: '2032-12-31',
        lease_area_square_meters: '6240.00',
        green_signature_date: null,
        contact_title: null,
        contact_salutation: null,
        contact_first_name: null,
        contact_last_name: null,
        contact_phone_number: null,
      },
    ],
  },
  {
    code: 'STR-006',
    name: 'Ärztehaus am Schlossgarten',
    external_id: 'BLD-STR-006',
    external_asset_id: 'AS-10052',
    address: 'Königstraße 1A, 70173 Stuttgart',
    gross_external_area: '5310.00',
    gross_internal_area: '4870.00',
    energy_certificates: [consumptionCertificate('C', '2018-04-25', '98.6', '44.0')],
    building_certificates: [],
    analysed_years: [2025],
    year_built: '1987',
    usages: ['Praxen', 'Apotheke'],
    meters: [
      electricity({
        code: 'EL-01',
        description: 'Allgemeinstrom',
        units: 'KILOWATT_HOURS',
        procured_by: 'LANDLORD',
        monthly: 12_600,
        activation_date: '2018-01-01',
        read: true,
      }),
      heating({
        code: 'GA-01',
        description: 'Gasheizung (Umrechnung mit Standardfaktor)',
        units: 'CUBIC_METERS',
        heating_system: 'GAS',
        procured_by: 'LANDLORD',
        monthly: 3_800,
        activation_date: '2018-01-01',
        read: true,
      }),
      water({
        code: 'WA-01',
        description: 'Kaltwasser',
        sub_category: 'COLD_WATER',
        procured_by: 'LANDLORD',
        monthly: 260,
        activation_date: '2018-01-01',
        read: true,
      }),
      water({
        code: 'WA-02',
        description: 'Warmwasser Praxisetage',
        sub_category: 'HOT_WATER',
        procured_by: 'TENANT',
        monthly: 75,
        activation_date: '2021-02-01',
        read: false,
        tenant: 0,
      }),
    ],
    tenants: [
      {
        name: 'Gemeinschaftspraxis Neckartal',
        description: '1. und 2. Obergeschoss',
        lease_start_date: '2021-02-01',
        lease_end_date: '2031-01-31',
        lease_area_square_meters: '1420.00',
        green_signature_date: null,
        contact_title: 'DR',
        contact_salutation: 'MALE',
        contact_first_name: 'Tobias',
        contact_last_name: 'Maier',
        contact_phone_number: '+49 711 2290 4100',
      },
      {
        name: 'Schlossgarten-Apotheke',
        description: 'Erdgeschoss',
        lease_start_date: '2012-05-01',
        lease_end_date: '2027-04-30',
        lease_area_square_meters: '210.00',
        green_signature_date: null,
        contact_title: null,
        contact_salutation: 'FEMALE',
        contact_first_name: 'Ayşe',
        contact_last_name: 'Demir',
        contact_phone_number: '+49 711 2263 870',
      },
    ],
  },
  {
    code: 'DUS-007',
    name: 'Hotel Rheinufer',
    external_id: 'BLD-DUS-007',
    external_asset_id: null,
    address: 'Joseph-Beuys-Ufer 12, 40213 Düsseldorf',
    gross_external_area: null,
    gross_internal_area: null,
    energy_certificates: [],
    building_certificates: [],
    analysed_years: [],
    year_built: '1974',
    usages: ['Hotel'],
    meters: [
      electricity({
        code: 'EL-01',
        description: 'Hauptzähler (ausgebaut)',
        units: 'KILOWATT_HOURS',
        procured_by: 'LANDLORD',
        monthly: 54_000,
        activation_date: '2012-01-01',
        deactivation_date: '2024-06-30',
        read: true,
      }),
      electricity({
        code: 'EL-02',
        description: 'Hauptzähler (Smart Meter seit Juli 2024)',
        units: 'KILOWATT_HOURS',
        procured_by: 'LANDLORD',
        monthly: 51_500,
        activation_date: '2024-07-01',
        read: true,
      }),
      heating({
        code: 'FW-01',
        description: 'Fernwärme (Volumenzähler)',
        units: 'CUBIC_METERS',
        heating_system: 'DISTRICT_HEATING',
        procured_by: 'LANDLORD',
        monthly: 91,
        activation_date: '2012-01-01',
        read: true,
        tenant: 0,
      }),
      water({
        code: 'WA-01',
        description: 'Kaltwasser Hotelbetrieb',
        sub_category: 'COLD_WATER',
        procured_by: 'LANDLORD',
        monthly: 2_300,
        activation_date: '2012-01-01',
        read: true,
      }),
    ],
    tenants: [
      {
        name: 'Rheinufer Hotelbetriebs GmbH',
        description: 'Pächter des Hotelbetriebs',
        lease_start_date: '2015-01-01',
        lease_end_date: '2034-12-31',
        lease_area_square_meters: '8900.00',
        green_signature_date: null,
        contact_title: null,
        contact_salutation: 'MALE',
        contact_first_name: 'Florian',
        contact_last_name: 'Becker',
        contact_phone_number: '+49 211 8835 0',
      },
    ],
  },
  {
    code: 'LEJ-008',
    name: 'Lagerhalle Leipzig-Nord',
    external_id: null,
    external_asset_id: null,
    address: 'Radefelder Allee 5, 04158 Leipzig',
    gross_external_area: '4100.00',
    gross_internal_area: null,
    energy_certificates: [],
    building_certificates: [],
    analysed_years: [],
    year_built: '2003',
    usages: [],
    meters: [],
    tenants: [],
  },
];

/** Location-based emission factors in kg CO2e per kWh (German averages). */
export const LOCATION_BASED_FACTORS = {
  ELECTRICITY: '0.363',
  COOLING: { DISTRICT: '0.118', LOCAL_DISTRICT: '0.152' },
  HEATING: {
    ELECTRICITY: '0.363',
    OIL: '0.266',
    GAS: '0.201',
    DISTRICT_HEATING: '0.180',
    WOOD_CHIPS: '0.024',
    WOOD_PELLETS: '0.027',
    HEAT_PUMP: '0.121',
    UNKNOWN: '0.201',
  },
} as const;

export const BATCH_INFOS = [
  { data_source_label: 'Messdienstleister', data_source_value: 'Techem', external_id: 'TECHEM-2025-Q4' },
  { data_source_label: 'Energieversorger', data_source_value: 'Mainova AG', external_id: 'MAINOVA-2026-01' },
  { data_source_label: 'Manueller Import', data_source_value: 'Excel-Vorlage Verbrauchsdaten', external_id: null },
] as const;

export interface FileFixture {
  name: string;
  source: DocumentSource;
  document_type: DocumentType;
  /** Building codes (see BUILDINGS) the document belongs to. */
  buildings: string[];
  external_id: string | null;
  issued_at: string | null;
  valid_until: string | null;
  created: string;
  /** Later metadata changes, as [timestamp, new name]. */
  renamed?: [string, string];
}

export const FILES: readonly FileFixture[] = [
  {
    name: 'Energieausweis_Westend_2021.pdf',
    source: 'APP',
    document_type: 'ENERGY_CERTIFICATE',
    buildings: ['FFM-001'],
    external_id: 'APP-EA-FFM-2021',
    issued_at: '2021-03-15',
    valid_until: '2031-03-14',
    created: '2026-05-04T09:12:40Z',
  },
  {
    name: 'DGNB_Zertifikat_Westend_2024.pdf',
    source: 'APP',
    document_type: 'BUILDING_CERTIFICATE',
    buildings: ['FFM-001'],
    external_id: null,
    issued_at: '2024-05-08',
    valid_until: '2027-05-07',
    created: '2026-05-04T09:15:02Z',
  },
  {
    name: 'Energieausweis_Prenzlauer_Garten.pdf',
    source: 'APP',
    document_type: 'ENERGY_CERTIFICATE',
    buildings: ['BER-002'],
    external_id: null,
    issued_at: '2019-10-02',
    valid_until: '2029-10-01',
    created: '2026-05-06T14:30:11Z',
  },
  {
    name: 'Klimarisikoanalyse_Portfolio_2025.pdf',
    source: 'APP',
    document_type: 'CLIMATE_RISK_ANALYSIS',
    buildings: ['FFM-001', 'HAM-003', 'CGN-004'],
    external_id: null,
    issued_at: '2025-11-30',
    valid_until: null,
    created: '2026-05-12T11:02:55Z',
  },
  {
    name: 'Stromrechnung_Westend_2025.pdf',
    source: 'API',
    document_type: 'UTILITY_BILL',
    buildings: ['FFM-001'],
    external_id: 'DMS-2025-00871',
    issued_at: '2026-01-20',
    valid_until: null,
    created: '2026-05-20T06:00:14Z',
  },
  {
    name: 'Oekostromnachweis_Westend_2025.pdf',
    source: 'API',
    document_type: 'RENEWABLE_ELECTRICITY_CERTIFICATE',
    buildings: ['FFM-001'],
    external_id: 'DMS-2025-00912',
    issued_at: '2026-02-02',
    valid_until: '2026-12-31',
    created: '2026-05-20T06:00:19Z',
  },
  {
    name: 'Mietvertrag_Nordlicht_Software.pdf',
    source: 'API',
    document_type: 'TENANT_LEASE',
    buildings: ['FFM-001'],
    external_id: 'DMS-LEASE-0042',
    issued_at: '2019-02-14',
    valid_until: '2029-03-31',
    created: '2026-05-21T06:00:03Z',
  },
  {
    name: 'Energieaudit_Schildergasse_2024.pdf',
    source: 'API',
    document_type: 'ENERGY_AUDIT',
    buildings: ['CGN-004'],
    external_id: 'DMS-2024-00310',
    issued_at: '2024-10-15',
    valid_until: '2028-10-14',
    created: '2026-05-27T06:00:41Z',
    renamed: ['2026-06-03T06:00:12Z', 'Energieaudit_DIN_EN_16247_Schildergasse_2024.pdf'],
  },
  {
    name: 'Gasrechnung_Schlossgarten_2025.pdf',
    source: 'API',
    document_type: 'UTILITY_BILL',
    buildings: ['STR-006'],
    external_id: 'DMS-2026-00017',
    issued_at: '2026-02-11',
    valid_until: null,
    created: '2026-06-02T06:00:08Z',
  },
  {
    name: 'ESG-Fragebogen_Westend_2025.pdf',
    source: 'SURVEY',
    document_type: 'ESG_ANALYSIS',
    buildings: ['FFM-001'],
    external_id: 'SURVEY-FFM-2025',
    issued_at: '2026-03-31',
    valid_until: null,
    created: '2026-06-10T15:44:29Z',
  },
  {
    name: 'Taxonomie_Nachweis_Billbrook.pdf',
    source: 'SURVEY',
    document_type: 'TAXONOMY_PROOF',
    buildings: ['HAM-003'],
    external_id: null,
    issued_at: '2025-12-01',
    valid_until: null,
    created: '2026-06-10T15:51:03Z',
  },
  {
    name: 'Abfallkonzept_Garching.pdf',
    source: 'APP',
    document_type: 'WASTE_MANAGEMENT_CONCEPT',
    buildings: ['MUC-005'],
    external_id: null,
    issued_at: null,
    valid_until: null,
    created: '2026-06-18T08:27:36Z',
  },
];

/** A document the integration uploaded and deleted again; only its file events remain. */
export const DELETED_FILE: FileFixture & { deleted: string } = {
  name: 'Stromrechnung_Westend_2025_Entwurf.pdf',
  source: 'API',
  document_type: 'UTILITY_BILL',
  buildings: ['FFM-001'],
  external_id: 'DMS-2025-00870',
  issued_at: null,
  valid_until: null,
  created: '2026-05-19T06:00:09Z',
  deleted: '2026-05-20T05:59:58Z',
};

export const TENANT_COMMENTS = [
  'Mieter hat Zugang zu den Verbrauchsdaten über das Mieterportal erhalten.',
  'Green-Lease-Klausel zur Datenweitergabe vereinbart (§ 14 Mietvertrag).',
  'Zählerstände werden quartalsweise vom Mieter gemeldet.',
] as const;

export const CUSTOM_DATA_FIELDS = {
  yearBuilt: 'Baujahr',
  listedBuilding: 'Denkmalschutz',
  usages: 'Nutzungsarten',
  strandingYear: 'CRREM-Stranding-Jahr',
  renewableShare: 'Anteil erneuerbarer Energie (%)',
  certificationTarget: 'Zertifizierungsziel',
} as const;

/** App users who appear in the seeded audit feeds: [user id, e-mail]. */
export const APP_USERS: readonly (readonly [number, string])[] = [
  [4107, 'j.hartmann@example-asset.de'],
  [4112, 'l.nguyen@example-asset.de'],
  [4130, 'm.schulte@example-asset.de'],
];
