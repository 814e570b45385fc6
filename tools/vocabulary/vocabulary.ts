/**
 * The words people use, mapped to the words of the API and its tools, as data for search_tools.
 * Keys are the API's words (space separated); values are the everyday words and phrases that
 * mean them, written as people write them (case and diacritics do not matter). An entry written
 * "=Bau" means them as a whole word only, never as a part of a German compound ("Bauzeit").
 */
export type Vocabulary = Readonly<Record<string, readonly string[]>>;

/**
 * Single words that ask for an action in some requests only, by the API's words they then
 * stand for. Elsewhere they mean what the language's vocabulary lists them under, if anything.
 */
export interface ConditionalActions {
  /**
   * Verbs only in a verb's place and plain form: first in an English request ("label invoices
   * with a tag"), last in a German one ("Rechnung zahlen"); "Zahlen des Projekts" are figures.
   */
  inVerbPlace: Vocabulary;
  /** Ask for an action unless the request reads: "new subcontractor with IBAN", not "show new invoices". */
  unlessReading: Vocabulary;
  /**
   * Ask for nothing alone but join an action the request asks for: "add an IBAN to an existing
   * subcontractor" updates it, "upload readings of several meters" imports them in bulk.
   */
  withAction: Vocabulary;
}

/**
 * The API's words that name a product's own things. A request that uses none of them is about
 * the core product, FinCon; CAPEX and ESG tools then rank behind their FinCon twins.
 */
export const PRODUCT_WORDS = {
  capex: ['capex', 'asset', 'measure'],
  esg: ['esg', 'building', 'meter', 'reading', 'consumption', 'tenant', 'emission', 'co2', 'utility'],
} as const;

/**
 * The API's words for a detail of a record: a word that asks to create something unless the
 * request reads ("new") asks to change the record instead when a detail follows it ("new IBAN for
 * Schmidt", "neue Natelnummer").
 */
export const DETAIL_WORDS: ReadonlySet<string> = new Set(['bank', 'phone', 'email', 'address', 'serial', 'iban', 'bic']);
