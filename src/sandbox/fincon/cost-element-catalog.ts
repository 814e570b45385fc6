import type { CostCategory } from '../core/enums.js';

/*
 * Cost element tree templates: DIN 276 for new construction, a refurbishment structure for
 * existing offices and a developer's structure. Leaves name the contract unit packages booked on
 * them (`packages`); `undistributed` leaves carry budget no contract unit is booked on yet.
 */

export interface CostElementNode {
  name: string;
  description: string;
  category: CostCategory | null;
  packages?: readonly string[];
  /** Share of the project volume budgeted on the element without a contract unit. */
  undistributed?: number;
  children?: readonly CostElementNode[];
}

export interface TemplateFixture {
  key: 'din276' | 'refurbishment' | 'development';
  name: string;
  description: string;
  created: string;
  elements: readonly CostElementNode[];
}

const leaf = (
  name: string,
  description: string,
  category: CostCategory,
  extra: Partial<CostElementNode> = {},
): CostElementNode => ({
  name,
  description,
  category,
  ...extra,
});

export const TEMPLATES: readonly TemplateFixture[] = [
  {
    key: 'din276',
    name: 'DIN 276 (2018-12) Neubau',
    description: 'Kostengruppen nach DIN 276 bis zur zweiten Ebene',
    created: '2022-11-14',
    elements: [
      {
        name: '100 Grundstück',
        description: 'Grundstückswert und Nebenkosten des Erwerbs',
        category: 'SITE',
        children: [
          leaf('110 Grundstückswert', 'Kaufpreis des Grundstücks', 'SITE'),
          leaf('120 Grundstücksnebenkosten', 'Notar, Grunderwerbsteuer, Vermessung', 'SITE'),
          leaf('130 Rechte Dritter', 'Ablösen von Rechten Dritter', 'SITE'),
        ],
      },
      {
        name: '200 Vorbereitende Maßnahmen',
        description: 'Herrichten und Erschließen',
        category: 'CLEARANCE_AND_DEVELOPMENT',
        children: [
          leaf('210 Herrichten', 'Sicherung, Abbruch, Altlastenbeseitigung', 'CLEARANCE_AND_DEVELOPMENT', {
            undistributed: 0.01,
          }),
          leaf('220 Öffentliche Erschließung', 'Anschlüsse an öffentliche Netze', 'CLEARANCE_AND_DEVELOPMENT'),
          leaf('230 Nichtöffentliche Erschließung', 'Private Verkehrs- und Versorgungsanlagen', 'CLEARANCE_AND_DEVELOPMENT'),
          leaf('240 Ausgleichsmaßnahmen und -abgaben', 'Naturschutzrechtlicher Ausgleich', 'CLEARANCE_AND_DEVELOPMENT'),
          leaf('250 Übergangsmaßnahmen', 'Provisorien während der Bauzeit', 'CLEARANCE_AND_DEVELOPMENT'),
        ],
      },
      {
        name: '300 Bauwerk – Baukonstruktionen',
        description: 'Baukonstruktive Leistungen des Bauwerks',
        category: 'STRUCTURE_CONSTRUCTION_WORKS',
        children: [
          leaf('310 Baugrube/Erdbau', 'Baugrubenherstellung, Verbau, Wasserhaltung', 'STRUCTURE_CONSTRUCTION_WORKS', {
            packages: ['Baugrube und Erdarbeiten'],
          }),
          leaf('320 Gründung, Unterbau', 'Baugrundverbesserung, Fundamente, Bodenplatten', 'STRUCTURE_CONSTRUCTION_WORKS', {
            packages: ['Rohbau'],
          }),
          leaf(
            '330 Außenwände/Vertikale Baukonstruktionen, außen',
            'Tragende und nichttragende Außenwände, Fenster',
            'STRUCTURE_CONSTRUCTION_WORKS',
            {
              packages: ['Fassade und Fenster'],
            },
          ),
          leaf(
            '340 Innenwände/Vertikale Baukonstruktionen, innen',
            'Innenwände, Innentüren, Bekleidungen',
            'STRUCTURE_CONSTRUCTION_WORKS',
            {
              packages: ['Innenausbau'],
            },
          ),
          leaf('350 Decken/Horizontale Baukonstruktionen', 'Deckenkonstruktionen, Beläge', 'STRUCTURE_CONSTRUCTION_WORKS'),
          leaf('360 Dächer', 'Dachkonstruktionen, Dachbeläge, Dachfenster', 'STRUCTURE_CONSTRUCTION_WORKS', {
            packages: ['Dach und Abdichtung'],
          }),
          leaf('370 Infrastrukturanlagen', 'Anlagen für Verkehr und Versorgung', 'STRUCTURE_CONSTRUCTION_WORKS'),
          leaf('380 Baukonstruktive Einbauten', 'Allgemeine und besondere Einbauten', 'STRUCTURE_CONSTRUCTION_WORKS'),
          leaf(
            '390 Sonstige Maßnahmen für Baukonstruktionen',
            'Baustelleneinrichtung, Gerüste, Sicherungsmaßnahmen',
            'STRUCTURE_CONSTRUCTION_WORKS',
          ),
        ],
      },
      {
        name: '400 Bauwerk – Technische Anlagen',
        description: 'Technische Gebäudeausrüstung',
        category: 'STRUCTURE_SERVICES',
        children: [
          leaf('410 Abwasser-, Wasser-, Gasanlagen', 'Sanitärinstallation', 'STRUCTURE_SERVICES'),
          leaf('420 Wärmeversorgungsanlagen', 'Wärmeerzeugung, -verteilung und -abgabe', 'STRUCTURE_SERVICES', {
            packages: ['Heizung, Lüftung, Sanitär'],
          }),
          leaf('430 Raumlufttechnische Anlagen', 'Lüftungs- und Klimaanlagen', 'STRUCTURE_SERVICES'),
          leaf('440 Elektrische Anlagen', 'Starkstrom, Beleuchtung, Blitzschutz', 'STRUCTURE_SERVICES', {
            packages: ['Elektrotechnik'],
          }),
          leaf(
            '450 Kommunikations-, sicherheits- und informationstechnische Anlagen',
            'Telekommunikation, Gefahrenmeldeanlagen',
            'STRUCTURE_SERVICES',
          ),
          leaf('460 Förderanlagen', 'Aufzüge, Fahrtreppen', 'STRUCTURE_SERVICES'),
          leaf('470 Nutzungsspezifische Anlagen', 'Küchen-, Labor- und Medientechnik', 'STRUCTURE_SERVICES'),
          leaf('480 Gebäude- und Anlagenautomation', 'MSR-Technik, Gebäudeleittechnik', 'STRUCTURE_SERVICES'),
          leaf('490 Sonstige Maßnahmen für technische Anlagen', 'Provisorische technische Anlagen', 'STRUCTURE_SERVICES'),
        ],
      },
      {
        name: '500 Außenanlagen und Freiflächen',
        description: 'Gestaltung der Freiflächen',
        category: 'EXTERNAL_WORKS',
        children: [
          leaf('510 Erdbau', 'Geländebearbeitung', 'EXTERNAL_WORKS'),
          leaf('520 Gründung, Unterbau', 'Unterbau von Wegen und Flächen', 'EXTERNAL_WORKS'),
          leaf('530 Oberbau, Deckschichten', 'Wege, Straßen, Stellplätze', 'EXTERNAL_WORKS', { packages: ['Außenanlagen'] }),
          leaf('540 Baukonstruktionen', 'Einfriedungen, Mauern, Rampen', 'EXTERNAL_WORKS'),
          leaf('550 Technische Anlagen', 'Außenbeleuchtung, Entwässerung', 'EXTERNAL_WORKS'),
          leaf('560 Einbauten in Außenanlagen', 'Spielgeräte, Fahrradständer', 'EXTERNAL_WORKS'),
          leaf('570 Vegetationsflächen', 'Pflanzungen, Rasen', 'EXTERNAL_WORKS'),
          leaf('590 Sonstige Maßnahmen für Außenanlagen', 'Baustelleneinrichtung Außenanlagen', 'EXTERNAL_WORKS'),
        ],
      },
      {
        name: '600 Ausstattung und Kunstwerke',
        description: 'Bewegliche Ausstattung',
        category: 'FURNISHINGS_FURNITURE_AND_ARTISTIC_APPOINTMENTS',
        children: [
          leaf('610 Allgemeine Ausstattung', 'Möbel, Geräte', 'FURNISHINGS_FURNITURE_AND_ARTISTIC_APPOINTMENTS'),
          leaf('620 Besondere Ausstattung', 'Nutzungsspezifische Ausstattung', 'FURNISHINGS_FURNITURE_AND_ARTISTIC_APPOINTMENTS'),
          leaf(
            '630 Informationstechnische Ausstattung',
            'IT-Endgeräte und Netzwerk',
            'FURNISHINGS_FURNITURE_AND_ARTISTIC_APPOINTMENTS',
          ),
          leaf('640 Künstlerische Ausstattung', 'Kunst am Bau', 'FURNISHINGS_FURNITURE_AND_ARTISTIC_APPOINTMENTS'),
        ],
      },
      {
        name: '700 Baunebenkosten',
        description: 'Planung, Gutachten, Gebühren',
        category: 'INCIDENTAL_BUILDING_COSTS',
        children: [
          leaf('710 Bauherrenaufgaben', 'Projektleitung, Projektsteuerung', 'INCIDENTAL_BUILDING_COSTS'),
          leaf('720 Vorbereitung der Objektplanung', 'Untersuchungen, Wettbewerbe', 'INCIDENTAL_BUILDING_COSTS'),
          leaf('730 Objektplanung', 'Architekten- und Ingenieurleistungen', 'INCIDENTAL_BUILDING_COSTS', {
            packages: ['Planung und Bauleitung'],
          }),
          leaf('740 Fachplanung', 'Tragwerks- und TGA-Planung', 'INCIDENTAL_BUILDING_COSTS'),
          leaf('750 Künstlerische Leistungen', 'Wettbewerbe, Honorare', 'INCIDENTAL_BUILDING_COSTS'),
          leaf('770 Allgemeine Baunebenkosten', 'Prüfungen, Genehmigungen, Versicherungen', 'INCIDENTAL_BUILDING_COSTS', {
            undistributed: 0.015,
          }),
          leaf('790 Sonstige Baunebenkosten', 'Richtfest, Grundsteinlegung', 'INCIDENTAL_BUILDING_COSTS'),
        ],
      },
      {
        name: '800 Finanzierung',
        description: 'Finanzierungskosten bis zur Fertigstellung',
        category: 'FINANCING',
        children: [
          leaf('810 Finanzierungsnebenkosten', 'Bereitstellungszinsen, Gebühren', 'FINANCING'),
          leaf('820 Fremdkapitalzinsen', 'Bauzeitzinsen', 'FINANCING', { packages: ['Finanzierung'] }),
          leaf('830 Eigenkapitalzinsen', 'Kalkulatorische Zinsen', 'FINANCING'),
          leaf('840 Bürgschaften', 'Avalprovisionen', 'FINANCING'),
          leaf('890 Sonstige Finanzierungskosten', 'Gebühren der Finanzierung', 'FINANCING'),
        ],
      },
      {
        name: 'R Projektreserve',
        description: 'Reserve für Unvorhergesehenes',
        category: 'RESERVE',
        children: [leaf('R1 Reserve Bauherr', 'Reserve des Bauherrn', 'RESERVE', { packages: ['Reserve'] })],
      },
    ],
  },
  {
    key: 'refurbishment',
    name: 'Bestandssanierung Büro',
    description: 'Kostenstruktur für Sanierung, Aufstockung und Mieterausbau im Bestand',
    created: '2023-09-04',
    elements: [
      {
        name: 'A Rückbau und Schadstoffe',
        description: 'Entkernung, Schadstoffsanierung',
        category: 'CLEARANCE_AND_DEVELOPMENT',
        children: [
          leaf('A1 Entkernung', 'Rückbau Innenausbau und Technik', 'CLEARANCE_AND_DEVELOPMENT', {
            packages: ['Baugrube und Erdarbeiten'],
          }),
          leaf('A2 Schadstoffsanierung', 'Asbest, PCB, KMF', 'CLEARANCE_AND_DEVELOPMENT', { undistributed: 0.012 }),
          leaf('A3 Baustelleneinrichtung', 'Kran, Container, Bauzaun', 'CLEARANCE_AND_DEVELOPMENT'),
        ],
      },
      {
        name: 'B Tragwerk und Aufstockung',
        description: 'Ertüchtigung und Aufstockung',
        category: 'STRUCTURE_CONSTRUCTION_WORKS',
        children: [
          leaf('B1 Ertüchtigung Tragwerk', 'Verstärkung Decken und Stützen', 'STRUCTURE_CONSTRUCTION_WORKS', {
            packages: ['Rohbau'],
          }),
          leaf('B2 Aufstockung Holzhybrid', 'Zwei Geschosse in Holzhybridbauweise', 'STRUCTURE_CONSTRUCTION_WORKS', {
            packages: ['Dach und Abdichtung'],
          }),
        ],
      },
      {
        name: 'C Gebäudehülle (ESG)',
        description: 'Energetische Sanierung der Hülle',
        category: 'ESG_IMPROVEMENT',
        children: [
          leaf('C1 Fassade und Fenster', 'Neue Fassade, Dreifachverglasung', 'ESG_IMPROVEMENT', {
            packages: ['Fassade und Fenster'],
          }),
          leaf('C2 Photovoltaik', 'PV-Anlage auf dem Dach', 'ESG_IMPROVEMENT'),
          leaf('C3 Dachbegrünung', 'Extensive Begrünung der Dachflächen', 'ESG_IMPROVEMENT'),
        ],
      },
      {
        name: 'D Technische Gebäudeausrüstung',
        description: 'Heizung, Lüftung, Elektro',
        category: 'STRUCTURE_SERVICES',
        children: [
          leaf('D1 Wärmepumpe und Lüftung', 'Wärmepumpen, Lüftung mit Wärmerückgewinnung', 'STRUCTURE_SERVICES', {
            packages: ['Heizung, Lüftung, Sanitär'],
          }),
          leaf('D2 Elektro und Gebäudeautomation', 'Elektroinstallation, GLT', 'STRUCTURE_SERVICES', {
            packages: ['Elektrotechnik'],
          }),
        ],
      },
      {
        name: 'E Mieterausbau',
        description: 'Ausbau der Mietflächen',
        category: 'TENANT_IMPROVEMENT',
        children: [
          leaf('E1 Mieterausbau Büro', 'Trockenbau, Böden, Decken', 'TENANT_IMPROVEMENT', { packages: ['Innenausbau'] }),
        ],
      },
      {
        name: 'F Außenanlagen und Instandhaltung',
        description: 'Freiflächen und laufende Instandhaltung',
        category: 'MAINTENANCE',
        children: [
          leaf('F1 Außenanlagen', 'Innenhof und Zufahrt', 'MAINTENANCE', { packages: ['Außenanlagen'] }),
          leaf('F2 Instandhaltung Bestand', 'Laufende Instandhaltung während der Bauzeit', 'MAINTENANCE'),
        ],
      },
      {
        name: 'G Baunebenkosten',
        description: 'Planung und Gutachten',
        category: 'INCIDENTAL_BUILDING_COSTS',
        children: [
          leaf('G1 Planung', 'Architekten und Fachplaner', 'INCIDENTAL_BUILDING_COSTS', { packages: ['Planung und Bauleitung'] }),
          leaf('G2 Gutachten und Genehmigungen', 'Brandschutz, Statik, Bauantrag', 'INCIDENTAL_BUILDING_COSTS'),
        ],
      },
      {
        name: 'R Reserve',
        description: 'Reserve für Bestandsrisiken',
        category: 'RESERVE',
        children: [leaf('R1 Bestandsrisiken', 'Unbekannte Bestandsmängel', 'RESERVE', { packages: ['Reserve'] })],
      },
    ],
  },
  {
    key: 'development',
    name: 'Projektentwicklung Wohnen',
    description: 'Entwicklerstruktur mit Vertrieb und Gesellschaftskosten',
    created: '2024-02-19',
    elements: [
      {
        name: '1 Grundstück',
        description: 'Erwerb und Nebenkosten',
        category: 'SITE',
        children: [
          leaf('1.1 Kaufpreis', 'Grundstückskaufpreis', 'SITE'),
          leaf('1.2 Erwerbsnebenkosten', 'Notar, Steuer, Makler', 'SITE'),
        ],
      },
      {
        name: '2 Baukosten',
        description: 'Bauwerk und Außenanlagen',
        category: 'STRUCTURE_CONSTRUCTION_WORKS',
        children: [
          leaf('2.1 Bauwerk', 'Generalunternehmer', 'STRUCTURE_CONSTRUCTION_WORKS'),
          leaf('2.2 Technische Anlagen', 'TGA', 'STRUCTURE_SERVICES'),
          leaf('2.3 Außenanlagen', 'Freiflächen', 'EXTERNAL_WORKS'),
        ],
      },
      {
        name: '3 Baunebenkosten',
        description: 'Planung, Gutachten, Gebühren',
        category: 'INCIDENTAL_BUILDING_COSTS',
        children: [
          leaf('3.1 Planung', 'Honorare', 'INCIDENTAL_BUILDING_COSTS'),
          leaf('3.2 Gebühren', 'Genehmigungen', 'INCIDENTAL_BUILDING_COSTS'),
        ],
      },
      {
        name: '4 Vertrieb und Marketing',
        description: 'Vermarktung der Einheiten',
        category: 'SALES_MARKETING',
        children: [
          leaf('4.1 Maklerprovision', 'Vertriebsprovisionen', 'SALES_MARKETING'),
          leaf('4.2 Marketing', 'Exposés, Musterwohnung', 'SALES_MARKETING'),
        ],
      },
      {
        name: '5 Gesellschaftskosten',
        description: 'Kosten der Projektgesellschaft',
        category: 'COMPANY_COSTS',
        children: [
          leaf('5.1 Geschäftsführung', 'Management Fee', 'COMPANY_COSTS'),
          leaf('5.2 Steuerberatung', 'Jahresabschlüsse', 'COMPANY_COSTS'),
        ],
      },
      {
        name: '6 Finanzierung',
        description: 'Zinsen und Gebühren',
        category: 'FINANCING',
        children: [leaf('6.1 Bauzeitzinsen', 'Zinsen Baukredit', 'FINANCING')],
      },
      {
        name: '9 Sonstiges',
        description: 'Nicht zugeordnete Kosten',
        category: 'OTHER',
        children: [leaf('9.1 Reserve', 'Unvorhergesehenes', 'RESERVE')],
      },
    ],
  },
];
