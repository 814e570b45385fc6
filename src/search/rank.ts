/**
 * Ranking tools for search_tools: BM25 (MiniSearch) over each tool's name, title, toolset,
 * description and search keywords, for the request put in the API's words (request.ts), then
 * weighed by the product and the action the request is about (preference.ts), and the first
 * tools found reordered by a model learnt from the request sets (learned-ranking.ts), twins kept in
 * the order of the product the request is about. A request of several steps is ranked step by
 * step (steps.ts); one phrased as a question (phrasing.ts), or one of a few words that names no
 * action, never gets a write first.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { SEARCH_KEYWORDS } from '../../tools/vocabulary/keywords.js';
import { DETAIL_WORDS } from '../../tools/vocabulary/vocabulary.js';
import type { ToolCard } from '../catalog/cards.js';
import type { Product } from '../dispatch/operation.js';
import { singular } from '../shape/words.js';
import { asksFor } from './actions.js';
import { featuresOf, rankingModel, reordered, type Example } from './learned-ranking.js';
import { lexicon } from './lexicon.js';
import { asksTheAddressee, phrasedAsRead, withoutSmallTalk } from './phrasing.js';
import { namesRecordNumber } from './numbered.js';
import { preferenceFor, productsOf, type Preference } from './preference.js';
import { stepsIn, understand, type Meaning } from './request.js';
import { wordsOf } from './text.js';
import { operationOf, twinOf } from './twins.js';
import { asksWho } from './who-did-it.js';

const RESULTS = 8;
const LIST = 'list';
/** The weight of "list" added to a request that asks for no action: it tips the balance, no more. */
const IMPLIED_LIST = 0.5;
/**
 * How strongly covering more of the request's words counts against matching a few of them
 * well: above 1, a tool that answers the whole request outranks one that matches part of it
 * in its name.
 */
const COVERAGE_EXPONENT = 1.5;

/** Ties go to the core product, then to the shorter, more general name. */
const PRODUCT_ORDER: readonly Product[] = ['fincon', 'capex', 'esg'];

/** What ranking reads of a tool: its card, or the tool itself. */
type Searchable = Pick<ToolCard, 'name' | 'title' | 'toolset' | 'description' | 'product' | 'hints'>;

interface SearchedFields {
  id: string;
  name: string;
  title: string;
  toolset: string;
  description: string;
  keywords: string;
}

interface Indexed {
  index: MiniSearch<SearchedFields>;
  byName: Map<string, Searchable>;
  /** Every word the tools' texts contain, as the index keeps it. */
  toolWords: Set<string>;
}

const indexes = new WeakMap<readonly Searchable[], Indexed>();

/** Whether a word (in any number) is one the tools' texts contain. */
function toolWordTest(tools: readonly Searchable[]): (word: string) => boolean {
  const { toolWords } = indexOf(tools);
  return (word) => toolWords.has(singular(word));
}

/** A tool's own keywords; a CAPEX tool's with those of its FinCon twin. */
function keywordsOf(tool: Searchable): string {
  const twin = twinOf(tool);
  const twinKeywords = twin?.product === 'fincon' ? SEARCH_KEYWORDS[twin.name] : undefined;
  return [SEARCH_KEYWORDS[tool.name], twinKeywords].filter(Boolean).join(' ');
}

/**
 * A description without what it tells not to do: "Rows form a tree: do not add them up" offers
 * nothing to a request to add a contract, nor "never the invoice state" to one to change it.
 */
const withoutProhibitions = (description: string) => description.replace(/\b(?:do not|never)\b[^.;:]*/gi, '');

function fieldsOf(tool: Searchable): SearchedFields {
  return {
    id: tool.name,
    name: tool.name.replace(/_/g, ' '),
    title: tool.title,
    toolset: `${tool.toolset.replace(/_/g, ' ')} ${tool.product}`,
    description: withoutProhibitions(tool.description),
    keywords: keywordsOf(tool),
  };
}

/** The index of a set of tools, built once per set. */
function indexOf(tools: readonly Searchable[]): Indexed {
  let indexed = indexes.get(tools);
  if (!indexed) {
    const documents = tools.map(fieldsOf);
    const index = new MiniSearch<SearchedFields>({
      fields: ['name', 'title', 'toolset', 'description', 'keywords'],
      tokenize: wordsOf,
      processTerm: singular,
    });
    index.addAll(documents);
    const toolWords = new Set(
      documents.flatMap(({ id: _, ...fields }) => Object.values(fields).flatMap((text) => wordsOf(text).map(singular))),
    );
    indexed = { index, byName: new Map(tools.map((tool) => [tool.name, tool])), toolWords };
    indexes.set(tools, indexed);
  }
  return indexed;
}

/**
 * How much of the request a tool answers: the weight of the request's words it matches, each
 * counted once however many API words it stands for (MiniSearch counts API words instead).
 */
function covered(meanings: readonly Meaning[], matched: readonly string[]): number {
  return meanings.reduce((sum, { terms, weight }) => sum + (terms.some((term) => matched.includes(term)) ? weight : 0), 0);
}

/** BM25 per matched API word, times how much of the request the tool covers. */
function scoreOf(hit: SearchResult, meanings: readonly Meaning[]): number {
  return (hit.score / hit.queryTerms.length) * covered(meanings, hit.queryTerms) ** COVERAGE_EXPONENT;
}

/** Each API word of the request with the weight of the heaviest word it stands for. */
function termWeights(meanings: readonly Meaning[], impliesList: boolean): Map<string, number> {
  const weights = new Map<string, number>();
  const weigh = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  for (const { terms, weight } of meanings) for (const term of terms) weigh(term, weight);
  if (impliesList) weigh(LIST, IMPLIED_LIST);
  return weights;
}

/** How search_tools is asked: one request, maybe kept to one product. */
interface Asked {
  query: string;
  product?: Product;
  /** The products the whole request is about, where `query` is one of its steps. */
  about?: ReadonlySet<Product>;
  /** The step before, where `query` is a later step of a request. */
  before?: string;
}

/** What the step before named counts for less than what a step names itself. */
const REFERRED_WEIGHT = 0.5;

const byScore = <T extends Searchable>(a: { tool: T; score: number }, b: { tool: T; score: number }) =>
  b.score - a.score ||
  PRODUCT_ORDER.indexOf(a.tool.product) - PRODUCT_ORDER.indexOf(b.tool.product) ||
  a.tool.name.length - b.tool.name.length ||
  a.tool.name.localeCompare(b.tool.name);

/** What a tool acts on, without its product and verb: upload_invoice_document -> invoice_document. */
const objectOf = (tool: Searchable) => operationOf(tool).split('_').slice(1).join('_').replace(/s$/, '');

/** The tools that read what a write acts on: list_invoice_documents for upload_invoice_document. */
const readingKinOf = <T extends Searchable>(write: T, tools: readonly T[]): T | undefined =>
  tools.find((tool) => tool.hints.readOnlyHint && tool.product === write.product && objectOf(tool) === objectOf(write));

/**
 * A request phrased to read, or one of a few words that names things and no action, gets a
 * reading tool first: the first one found, or, where the words found writes only ("muss i no was
 * hochladen oder is alles dabei?"), one that reads what the first write acts on. A model may take
 * the first name, and must not take a write for a question.
 */
function readFirst<T extends Searchable>(ranked: T[], reads: boolean, tools: readonly T[]): T[] {
  if (!reads || ranked[0]?.hints.readOnlyHint !== false) return ranked;
  const read = ranked.find((tool) => tool.hints.readOnlyHint) ?? readingKinOf(ranked[0], tools);
  return read ? [read, ...ranked.filter((tool) => tool !== read)] : ranked;
}

/**
 * Each tool of a product the request is not about behind its twin of one it is about, where both
 * were found: the model learns from words, and words alone may speak for CAPEX in a request that
 * names no product ("upload invoice document"), which is about FinCon.
 */
function twinsInPreferredOrder<T extends Searchable>(ranked: readonly T[], preference: Preference): T[] {
  const ordered = [...ranked];
  for (let at = 0; at < ordered.length; at++) {
    const tool = ordered[at]!;
    const twin = twinOf(tool);
    if (preference.ofProduct(tool) || !twin || !preference.ofProduct(twin)) continue;
    const twinAt = ordered.findIndex((other) => other.name === twin.name);
    if (twinAt > at) ordered.splice(at, 0, ...ordered.splice(twinAt, 1));
  }
  return ordered;
}

/** Whether tool `user` is tool `other` with "user" in its name: esg_list_user_audit_events and esg_list_audit_events. */
const namesUsersOf = (user: Searchable, other: Searchable) => user.name.replace('_user_', '_') === other.name;

/**
 * A request that asks who did something ("wer hat … verstellt?", "… und von wem?") is answered by
 * what users did: of two tools that differ by "user" alone, the one that names users comes first.
 */
function usersFirst<T extends Searchable>(ranked: readonly T[]): T[] {
  const ordered = [...ranked];
  for (let at = 0; at < ordered.length; at++) {
    const userAt = ordered.findIndex((other, index) => index > at && namesUsersOf(other, ordered[at]!));
    if (userAt > at) ordered.splice(at, 0, ...ordered.splice(userAt, 1));
  }
  return ordered;
}

/** The most words a request that names things and no action may have and still only ask to see them. */
const FEW_WORDS = 4;

/**
 * Whether a request that names no action we know asks to see what it names: "meter readings",
 * "offene Nachträge Hunsrück". A longer one most often says its action in words we do not know
 * ("die Vertragssumme auf CHF 412'500 hochziehen", "Tag 'Skonto' von AR 7 runter"), and a later
 * step of several, after the lookup, is the action: there the ranking's own order stands.
 */
const namesOnlyThings = (query: string, before: string | undefined) => before === undefined && wordsOf(query).length <= FEW_WORDS;

/** The things the step before named, without its actions: what "it" or "them" stands for. */
function referredTo(before: string | undefined, isToolWord: (word: string) => boolean): Meaning[] {
  if (before === undefined) return [];
  return understand(before, lexicon(), isToolWord).meanings.flatMap(({ terms, weight }) => {
    const named = terms.filter((term) => !asksFor(term));
    return named.length ? [{ terms: named, weight: weight * REFERRED_WEIGHT }] : [];
  });
}

/** The API's word of the audit trail. */
const AUDIT = 'audit';

/**
 * A request that opens with the audit trail asks to see it, whatever changes it names: "history
 * of budget moves – increases, decreases …".
 */
const opensWithAuditTrail = (meanings: readonly Meaning[]) => !!meanings[0]?.terms.includes(AUDIT);

/**
 * A step's meanings as search reads them: its own, and, for a later step, the things the step
 * before named: "find the NT 07 on the Rohbau contract, then attach the report" attaches it to the
 * change order, "… and give it another 30k" to the package.
 */
const stepMeanings = (own: readonly Meaning[], before: string | undefined, isToolWord: (word: string) => boolean) =>
  singularTerms([...own, ...referredTo(before, isToolWord)]);

/** The tools for one request of one step, best first. */
function ranked<T extends Searchable>(tools: readonly T[], { query, product, about, before }: Asked): T[] {
  const { index, byName } = indexOf(tools);
  const isToolWord = toolWordTest(tools);
  const request = understand(query, lexicon(), isToolWord);
  const meanings = stepMeanings(request.meanings, before, isToolWord);
  if (!meanings.length) return [];
  const terms = meanings.flatMap((meaning) => meaning.terms);
  const readPhrased = phrasedAsRead(query);
  const question = request.question || readPhrased || opensWithAuditTrail(request.meanings);
  const numbered = namesRecordNumber(query);
  const preference = preferenceFor({ terms, question, product, about, numbered }, (name) => byName.has(name));
  // A request that asks for no action is a question, most often to a list; for a record's detail
  // ("which IBAN do we have for …"), to the record.
  const asksDetail = terms.some((term) => DETAIL_WORDS.has(term));
  const weights = termWeights(meanings, !preference.asksForAction && !asksDetail);
  const loose = new Set([...request.loose].map(singular));
  const hits = index.search([...weights.keys()].join(' '), {
    boost: { name: 3, title: 2, toolset: 1.5, description: 1, keywords: 1 },
    boostTerm: (term) => weights.get(term) ?? 1,
    // Only words the tools do not contain may match longer ones ("contract" is not "contractor").
    prefix: (term) => term.length >= 4 && loose.has(term),
    fuzzy: (term) => (term.length >= 6 && loose.has(term) ? 0.2 : false),
    filter: (hit) => !product || byName.get(hit.id)?.product === product,
    boostDocument: (id) => preference.weigh(byName.get(id)!),
  });
  const best = hits
    .map((hit) => ({ tool: byName.get(hit.id)! as T, score: scoreOf(hit, meanings) }))
    // A tool that matches only the implied "list" answers nothing that was asked.
    .filter(({ score }) => score > 0)
    .sort(byScore)
    .map(({ tool }) => tool);
  const model = rankingModel();
  const ordered = model ? twinsInPreferredOrder(reordered(best, featuresOf(meanings, query), model), preference) : best;
  return readFirst(
    asksWho(query) ? usersFirst(ordered) : ordered,
    readPhrased || (!preference.asksForAction && namesOnlyThings(query, before)),
    tools,
  );
}

/** Meanings with their API words in the singular, as the index keeps them. */
const singularTerms = (meanings: readonly Meaning[]): Meaning[] =>
  meanings.map(({ terms, weight }) => ({ terms: terms.map(singular), weight }));

/** A request the ranking model learns from, and the tools that answer it; for several steps, those of its first step and of the step that acts. */
export interface AnsweredRequest {
  ask: string;
  tools: readonly string[];
  then?: readonly string[];
}

/**
 * What the ranking model learns from a request (learning/write-model.ts): its features as ranking
 * reads them, with the tools that answer it. Ranking reads each step of a request of several on
 * its own, so such a request teaches its first step's tools from its first step's words, and the
 * acting step's tools from the last step's words.
 */
export function learningExamples(tools: readonly Searchable[], { ask, tools: answers, then }: AnsweredRequest): Example[] {
  const query = withoutSmallTalk(ask);
  const isToolWord = toolWordTest(tools);
  const exampleOf = (step: string, stepAnswers: readonly string[], before?: string): Example => ({
    features: featuresOf(stepMeanings(understand(step, lexicon(), isToolWord).meanings, before, isToolWord), step),
    tools: stepAnswers,
  });
  const steps = then ? stepsIn(query, lexicon(), isToolWord) : [];
  if (!then || steps.length < 2) return [exampleOf(query, answers)];
  return [exampleOf(steps[0]!, answers), exampleOf(steps.at(-1)!, then, steps.at(-2))];
}

/** One step of a request of several, and the tool that does it. */
export interface Step<T> {
  /** The step, in the request's words. */
  request: string;
  tool: T;
}

export interface Found<T> {
  /** Best first; for several steps, the first step's best, then the next step's, and so on round. */
  tools: T[];
  /** The steps of a request of several, in order, with the tool for each; empty for one step. */
  steps: Array<Step<T>>;
}

/** The tools of each step taken in turn, each once: a0, b0, a1, b1, … */
function inTurn<T>(lists: readonly T[][]): T[] {
  const merged = new Set<T>();
  for (let rank = 0; lists.some((list) => rank < list.length); rank++) {
    for (const list of lists) if (rank < list.length) merged.add(list[rank]!);
  }
  return [...merged];
}

/** Steps in turn that the same tool does are one step: "Is the package ready? Are all its contracts complete?" */
function joinedRepeats<T>(steps: ReadonlyArray<Step<T>>): Array<Step<T>> {
  const joined: Array<Step<T>> = [];
  for (const step of steps) {
    const last = joined[joined.length - 1];
    if (last?.tool === step.tool) joined[joined.length - 1] = { request: `${last.request} ${step.request}`, tool: step.tool };
    else joined.push(step);
  }
  return joined;
}

/**
 * A step that names nothing a tool reads, before a step that acts, looks up what that step acts
 * on: "guck mol, wie die Kessler Estrich bei uns drinsteht, dann trag die neue IBAN ein" reads
 * the contractor whose IBAN the next step changes.
 */
function lookUpWhatComesNext<T extends Searchable>(perStep: Array<{ tools: T[] }>, tools: readonly T[]): void {
  for (let at = perStep.length - 2; at >= 0; at--) {
    const [action] = perStep[at + 1]!.tools;
    if (perStep[at]!.tools.length || action?.hints.readOnlyHint !== false) continue;
    const read = readingKinOf(action, tools);
    if (read) perStep[at]!.tools = [read];
  }
}

export function searchTools<T extends Searchable>(tools: readonly T[], request: string, product?: Product): Found<T> {
  const query = withoutSmallTalk(request);
  const isToolWord = toolWordTest(tools);
  const parts = stepsIn(query, lexicon(), isToolWord);
  const asOneStep = () => ({ tools: ranked(tools, { query, product }).slice(0, RESULTS), steps: [] });
  if (parts.length < 2) return asOneStep();
  const about = productsOf(
    new Set(understand(query, lexicon(), isToolWord).meanings.flatMap(({ terms }) => terms.map(singular))),
  );
  // "can u look up … and if not add them?": the question mark is the whole request's, not its last step's.
  const asked = asksTheAddressee(query);
  const perStep = parts.map((part, at) => ({
    request: part,
    tools: ranked(tools, { query: at && asked ? part.replaceAll('?', '.') : part, product, about, before: parts[at - 1] }),
  }));
  // Cut into steps none of which names a tool, the request may still name one as a whole.
  if (perStep.every((step) => !step.tools.length)) return asOneStep();
  lookUpWhatComesNext(perStep, tools);
  const steps = joinedRepeats(perStep.flatMap(({ request, tools: [tool] }) => (tool ? [{ request, tool }] : [])));
  // A question of several steps is a question all the same: "… ist ein anderer – wer hat den geändert?"
  return {
    tools: readFirst(inTurn(perStep.map((step) => step.tools)), phrasedAsRead(query), tools).slice(0, RESULTS),
    steps: steps.length > 1 ? steps : [],
  };
}
