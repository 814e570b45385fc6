/**
 * The words people use, mapped to the words of the API and its tools, as data for search_tools.
 * Keys are the API's words (space separated); values are the everyday words and phrases that
 * mean them, written as people write them (case and diacritics do not matter).
 */
export type Vocabulary = Readonly<Record<string, readonly string[]>>;

/**
 * The API's words that name a product's own things. A request that uses none of them is about
 * the core product, FinCon; CAPEX and ESG tools then rank behind their FinCon twins.
 */
export const PRODUCT_WORDS = {
  capex: ['capex', 'asset', 'measure'],
  esg: ['esg', 'building', 'meter', 'reading', 'consumption', 'tenant', 'emission', 'co2', 'utility'],
} as const;
