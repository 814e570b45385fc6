/**
 * Ranking tools for search_tools: BM25 over each tool's name, title, toolset and description
 * (MiniSearch, with prefix and fuzzy matching), after the query's everyday and German words are
 * mapped to the API's own (tools/vocabulary.ts).
 */
import MiniSearch from 'minisearch';
import { VOCABULARY } from '../tools/vocabulary.js';
import type { Product } from './dispatch/operation.js';
import type { ToolCard } from './catalog/cards.js';
import { singular } from './shape/words.js';

const RESULTS = 8;

/** Ties go to the core product, then to the shorter, more general name. */
const PRODUCT_ORDER: readonly Product[] = ['fincon', 'capex', 'esg'];

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'to',
  'and',
  'or',
  'in',
  'on',
  'with',
  'by',
  'my',
  'all',
  'from',
  'it',
  'is',
  'this',
  'we',
  'our',
  'what',
  'which',
  'who',
  'der',
  'die',
  'das',
  'des',
  'den',
  'dem',
  'ein',
  'eine',
  'einen',
  'und',
  'zum',
  'zur',
  'im',
  'je',
  'pro',
  'von',
  'aber',
  'nicht',
]);

/** Lower case without diacritics: "Nachträge" -> "nachtrage", "Gebäude" -> "gebaude". */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();
}

function words(text: string): string[] {
  return folded(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

const PHRASES = Object.keys(VOCABULARY).filter((key) => key.includes(' '));
/** Longest first, so that "vertragsbedingungen" finds "vertragsbedingung" before "vertrag". */
const SINGLE_WORDS = Object.keys(VOCABULARY)
  .filter((key) => !key.includes(' '))
  .sort((a, b) => b.length - a.length);

/** The API's words for one word of a query: an exact key, or a long key the word starts with (German inflection). */
function apiWordsFor(word: string): string | undefined {
  const exact = VOCABULARY[word] ?? VOCABULARY[singular(word)];
  if (exact) return exact;
  const stem = SINGLE_WORDS.find((key) => key.length >= 5 && word.startsWith(key));
  return stem ? VOCABULARY[stem] : undefined;
}

/** The verbs tool names start with. */
const ACTIONS = new Set([
  'list',
  'get',
  'create',
  'update',
  'delete',
  'upload',
  'download',
  'register',
  'assign',
  'submit',
  'upsert',
]);

/**
 * The query with the API's words for its everyday and German ones added. A request that
 * asks for no action ("approved invoices not paid yet") is a question to a list.
 */
function expandQuery(query: string): string {
  const text = folded(query);
  const added = PHRASES.filter((phrase) => text.includes(phrase)).map((phrase) => VOCABULARY[phrase]!);
  for (const word of words(text)) {
    const api = apiWordsFor(word);
    if (api) added.push(api);
  }
  return [text, ...added].join(' ');
}

const asksForAction = (query: string) => words(query).some((word) => ACTIONS.has(word));

/** What ranking reads of a tool: its card, or the tool itself. */
type Searchable = Pick<ToolCard, 'name' | 'title' | 'toolset' | 'description' | 'product'>;

interface Indexed {
  index: MiniSearch<{ id: string; name: string; title: string; toolset: string; description: string }>;
  byName: Map<string, Searchable>;
}

const indexes = new WeakMap<readonly Searchable[], Indexed>();

/** The index of a set of tools, built once per set. */
function indexOf(tools: readonly Searchable[]): Indexed {
  let indexed = indexes.get(tools);
  if (!indexed) {
    const index = new MiniSearch({
      fields: ['name', 'title', 'toolset', 'description'],
      tokenize: words,
      processTerm: (term) => singular(term),
      searchOptions: {
        boost: { name: 3, title: 2, toolset: 1.5, description: 1 },
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      },
    });
    index.addAll(
      tools.map((tool) => ({
        id: tool.name,
        name: tool.name.replace(/_/g, ' '),
        title: tool.title,
        toolset: `${tool.toolset.replace(/_/g, ' ')} ${tool.product}`,
        description: tool.description,
      })),
    );
    indexed = { index, byName: new Map(tools.map((tool) => [tool.name, tool])) };
    indexes.set(tools, indexed);
  }
  return indexed;
}

export function searchTools<T extends Searchable>(tools: readonly T[], query: string, product?: Product): T[] {
  const { index, byName } = indexOf(tools);
  const filter = (hit: { id: string }) => !product || byName.get(hit.id)?.product === product;
  const expanded = expandQuery(query);
  if (!index.search(expanded, { filter }).length) return [];
  return index
    .search(asksForAction(expanded) ? expanded : `${expanded} list`, { filter })
    .map((hit) => ({ tool: byName.get(hit.id)!, score: hit.score }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        PRODUCT_ORDER.indexOf(a.tool.product) - PRODUCT_ORDER.indexOf(b.tool.product) ||
        a.tool.name.length - b.tool.name.length ||
        a.tool.name.localeCompare(b.tool.name),
    )
    .slice(0, RESULTS)
    .map((hit) => hit.tool as T);
}
