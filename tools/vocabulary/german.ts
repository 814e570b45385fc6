/**
 * How controllers and asset managers say things in German, by the words of the API and its tools
 * that mean the same. Compounds need not be listed: "Stromverbrauch" is found as Strom + Verbrauch,
 * "Zahlungsbedingungen" as Zahlung + Bedingung. A compound is listed only when it means more than
 * its parts ("Stammdaten"). Inflected forms (Verträge, offenen, geprüfte) are found from these.
 */
import type { Vocabulary } from './vocabulary.js';

export const GERMAN: Vocabulary = {
  // who
  contractor: [
    'Nachunternehmer',
    'NU',
    'Subunternehmer',
    'Unternehmer',
    'Auftragnehmer',
    'Lieferant',
    'Firma',
    'Handwerker',
    'Betrieb',
    'Dienstleister',
    'Kreditor',
    'Generalunternehmer',
    'GU',
    'Planer',
  ],
  'contractor bank': ['Bank', 'Bankverbindung', 'Bankdaten', 'Konto', 'Kontonummer'],
  'contractor tax': ['Steuer', 'Steuernummer', 'Umsatzsteuer', 'USt'],
  'contracting entity': ['Bauherr', 'Auftraggeber', 'Besteller', 'Mandant'],
  'contracting entity company': ['Gesellschaft', 'Objektgesellschaft', 'Projektgesellschaft', 'Unternehmen'],
  contact: ['Kontakt', 'Ansprechpartner', 'Ansprechpartnerin', 'Adresse', 'Telefon', 'Handy', 'Mail', 'Person', 'Kontaktperson'],
  'master data': ['Stammdaten'],

  // where
  project: ['Projekt', 'Bauvorhaben', 'BV', 'Vorhaben', 'Baustelle', 'Bauprojekt'],
  property: ['Liegenschaft', 'Grundstück', 'Immobilie', 'Flurstück', 'Areal', 'Standort', 'Objekt'],

  // budget
  'contract unit': ['Vergabeeinheit', 'VE', 'Gewerk', 'Los', 'Vergabepaket', 'Paket', 'Leistungsbereich', 'Budgetposition'],
  'budget shift': [
    'Verschiebung',
    'verschieben',
    'verschoben',
    'Umbuchung',
    'umbuchen',
    'umgebucht',
    'Umschichtung',
    'umschichten',
    'umgeschichtet',
    'Umverteilung',
    'Budgettransfer',
  ],
  budget: ['Budget', 'Etat', 'Kostenrahmen', 'Kostenansatz'],
  'budget summary uncommitted': ['übrig', 'verfügbar', 'frei', 'Restbudget'],
  'over budget deviation': ['Überschreitung', 'überschritten', 'überzogen'],

  // contracts
  contract: ['Vertrag', 'Auftrag', 'Bestellung', 'Werkvertrag', 'Beauftragung'],
  'contract terms': ['Bedingung', 'Konditionen', 'Vereinbarung', 'vereinbart', 'Zahlungsziel', 'Frist'],
  'discount terms': ['Skonto', 'Rabatt', 'Nachlass'],
  'deduction terms retention': ['Einbehalt', 'Sicherheit', 'Bürgschaft', 'Gewährleistung', 'Abzug', 'Sicherheitsleistung'],
  'change order': [
    'Nachtrag',
    'Mehrkosten',
    'Mehrleistung',
    'Zusatzleistung',
    'Zusatzauftrag',
    'Nachforderung',
    'Änderungsauftrag',
    'Leistungsänderung',
    'Mehrkostenanzeige',
  ],

  // invoices and payments
  invoice: ['Rechnung', 'Faktura', 'Abrechnung'],
  final: ['Schluss', 'endgültig'],
  'part partial': ['Teil', 'Abschlag', 'Rate', 'Anzahlung', 'teilweise', 'halb'],
  payment: ['Zahlung', 'Auszahlung', 'Überweisung', 'Bezahlung', 'Zahlungslauf'],
  'payment status outstanding': ['vollständig', 'komplett', 'ganz', 'beglichen', 'ausgeglichen', 'Rest', 'Restbetrag'],
  'tax waiver': ['Freistellungsbescheinigung', 'Freistellung', 'Bauabzugsteuer', 'Steuerbescheinigung'],

  // structure and setup
  'cost element': ['Kostengruppe', 'KG', 'Kostenart', 'Kostenstelle', 'Kostenelement'],
  'cost structure tree': ['Kostenstruktur', 'Kostenbaum', 'Baum', 'Struktur', 'Vorlage'],
  cost: ['Kosten'],
  'custom field': ['Feld', 'Zusatzfeld', 'benutzerdefiniert', 'Eigenschaft', 'Merkmal', 'Attribut'],
  tag: ['Schlagwort', 'Markierung', 'Etikett', 'Label', 'Kennzeichnung', 'Farbe'],

  // documents
  'document file': ['Datei'],
  document: ['Dokument', 'Unterlage', 'Beleg', 'Anhang', 'Scan', 'Nachweis', 'Bescheinigung'],
  'document download': ['PDF', 'Kopie'],
  'annotated review': ['Vermerk', 'Prüfvermerk', 'Anmerkung', 'Randnotiz', 'Stempel', 'Prüfung', 'Kommentar'],

  // figures
  financials: ['Kostenbericht', 'Kostenstand', 'Controlling', 'Auswertung', 'Bericht', 'Report', 'Kennzahl'],
  'forecast financials': ['Prognose', 'Hochrechnung', 'Vorschau', 'Erwartung'],
  'deviation financials': ['Abweichung', 'Differenz'],
  'contracted awarded': ['beauftragt', 'Auftragswert', 'Auftragsvolumen', 'Vergabesumme'],
  amount: ['Betrag', 'Summe', 'Wert', 'Höhe', 'Volumen'],
  'cash outflow': [
    'Mittelabfluss',
    'Abfluss',
    'Liquidität',
    'Liquiditätsplanung',
    'Cashflow',
    'Ausgaben',
    'Mittelbedarf',
    'Zahlungsplan',
  ],
  month: ['Monat', 'monatlich', 'Monatsende'],
  'date period': ['Datum', 'Woche', 'wöchentlich', 'heute', 'gestern', 'morgen', 'Quartal', 'Zeitraum', 'letzte', 'Stichtag'],
  'outright sale revenue': ['Globalverkauf', 'Paketverkauf', 'Blockverkauf', 'Verkauf'],
  'rent unit rental revenue': ['Miete', 'Mieteinheit', 'Mietertrag', 'Mietzahlung', 'Mietfläche', 'Rückstand'],
  'sales unit sold price': ['Wohnung', 'Verkaufseinheit', 'verkauft', 'Kaufpreis', 'Einheit', 'Eigentumswohnung'],
  revenue: ['Erlös', 'Einnahme', 'Ertrag', 'Umsatz'],

  // questions one summary answers
  'overview summary': ['Übersicht', 'Zusammenfassung', 'Überblick', 'zusammenfassen', 'alles', 'auf einen Blick', 'Gesamtbild'],
  totals: ['insgesamt', 'gesamt', 'total', 'Gesamtsumme', 'wie viel', 'wieviel', 'über alle', 'quer'],
  'owes payables outstanding': [
    'schulden',
    'schuldig',
    'Verbindlichkeit',
    'offene Posten',
    'OP',
    'zu zahlen',
    'noch zahlen',
    'noch bezahlen',
    'zahlen müssen',
    'Kreditorenposten',
  ],
  'contractor exposure stake': ['Obligo', 'Risiko', 'Engagement', 'alle Projekte'],
  'status state': ['Status', 'Stand', 'Zustand'],

  // states: a question about them is a question to the list
  'approved state': ['freigegeben', 'genehmigt', 'geprüft', 'Freigabe'],
  'paid state payment': ['bezahlt', 'gezahlt', 'überwiesen'],
  'outstanding approved state': ['unbezahlt', 'nicht bezahlt', 'ausstehend'],
  'open outstanding state': ['noch offen'],
  'open state': ['offen', 'laufend', 'wartend'],
  state: ['abgelehnt', 'zurückgewiesen', 'beanstandet', 'Ablehnung'],
  'draft status': ['Entwurf'],
  'new state': ['Eingang', 'eingegangen', 'Eingangsrechnung'],
  'due date': ['fällig', 'Fälligkeit', 'Zahlungsfrist'],
  'overdue due date': ['überfällig', 'verspätet', 'Verzug'],
  'completed finalized status': ['abgeschlossen', 'erledigt', 'fertig', 'Abschluss'],

  // capex
  'capex asset': ['Asset', 'Objekt', 'Bestandsobjekt', 'Bestand', 'Capex', 'Portfolio'],
  'capex measure': ['Maßnahme', 'Investition', 'Sanierung', 'Modernisierung', 'Instandhaltung', 'Instandsetzung', 'Umbau'],

  // esg
  'esg building': ['Gebäude', 'Haus', 'ESG'],
  'utility meter': ['Zähler', 'Messstelle', 'Messpunkt', 'Zählpunkt', 'Unterzähler'],
  'utility meter category': ['Strom', 'Elektrizität', 'Gas', 'Erdgas', 'Wasser', 'Wärme', 'Fernwärme', 'Heizung', 'Öl'],
  'meter reading': ['Zählerstand', 'Ablesung', 'ablesen', 'Messwert'],
  consumption: ['Verbrauch', 'Energie', 'kWh', 'Verbrauchsdaten'],
  'annual consumption calendar year': ['jährlich', 'Jahr', 'pro Jahr'],
  'co2 analysis emissions': ['CO2', 'Emission', 'Bilanz', 'Klimabilanz', 'Treibhausgas', 'Fußabdruck', 'Klima'],
  'emission factor renewable': ['Emissionsfaktor', 'Faktor', 'Ökostrom', 'Öko', 'Grünstrom', 'erneuerbar'],
  tenant: ['Mieter', 'Pächter', 'Mietpartei', 'Nutzer'],
  gaps: ['Lücke', 'fehlend', 'fehlt'],
  'audit events': ['Protokoll', 'Änderungsprotokoll', 'Änderung', 'geändert', 'Verlauf', 'Historie'],
  events: ['Ereignis', 'passiert', 'Aktivität'],
  'user audit events logins': ['Anmeldung', 'Login', 'Benutzer', 'angemeldet'],
  'data batch': ['Datenpaket', 'Charge', 'Stapel', 'Datenquelle', 'Quelle'],
  'external id': ['externe ID', 'Fremdschlüssel', 'Referenz'],

  // doing: the verbs of tool names
  'create update': ['eintragen', 'eingeben', 'einpflegen', 'ausfüllen'],
  'create add': ['anlegen', 'neu', 'hinzufügen', 'erstellen', 'aufnehmen', 'speichern', 'einrichten'],
  'create register record': ['erfassen', 'Erfassung'],
  update: [
    'ändern',
    'bestehend',
    'vorhanden',
    'bearbeiten',
    'korrigieren',
    'anpassen',
    'aktualisieren',
    'umbenennen',
    'berichtigen',
    'setzen',
    'abschließen',
    'ergänzen',
    'vervollständigen',
    'Korrektur',
  ],
  'update increase': ['erhöhen', 'aufstocken', 'Erhöhung', 'Aufstockung'],
  'update decrease': ['reduzieren', 'kürzen', 'senken', 'Kürzung'],
  'delete unassign': ['löschen', 'entfernen', 'stornieren', 'Storno'],
  upload: ['hochladen', 'anhängen', 'beifügen', 'einscannen', 'ablegen', 'hinterlegen', 'anfügen'],
  download: ['herunterladen', 'runterladen', 'exportieren', 'Download', 'Export'],
  'register payment': ['bezahlen', 'zahlen', 'überweisen', 'begleichen', 'anweisen'],
  'register create': ['buchen', 'verbuchen', 'Buchung'],
  'add paid already': ['bereits bezahlt', 'schon bezahlt', 'bereits gezahlt'],
  'assign link': ['zuordnen', 'zuweisen', 'verknüpfen', 'vergeben', 'taggen', 'markieren', 'verschlagworten', 'Zuordnung'],
  submit: ['einreichen', 'einsenden', 'einspielen'],
  'bulk import': ['importieren', 'Import', 'mehrere', 'viele', 'auf einmal', 'gesammelt', 'Sammel', 'Masse', 'Rutsch'],
  list: ['anzeigen', 'zeigen', 'suchen', 'finden', 'auflisten', 'Liste', 'gibt es'],
  get: ['Details', 'einzeln', 'Einzelheiten', 'abrufen', 'bestimmte', 'Detail'],
};

/**
 * Parts of compounds that carry no meaning of their own for the API: known, so that a compound
 * made with them still splits ("Adressbuch" is an address; "Bauprojekt" a project).
 */
export const GERMAN_WORD_PARTS: readonly string[] = ['buch', 'bau', 'daten', 'verbindung', 'nummer'];
