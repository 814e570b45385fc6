/**
 * A learned second opinion on the ranking: a softmax regression from a request's words, its pairs
 * of words in a row and the API words it was understood as, to the tool that answers it. A tool's
 * score adds its own weights to those of the parts its name shares with other tools (product,
 * verb, what it acts on), so that what the requests teach about one tool carries over to its kin:
 * "put on ice" learnt on update_contract also speaks for capex_update_contract. It is trained by
 * the build (learning/write-model.ts) on the parts of the repository's request sets that are not
 * held out and on the tools' titles, and it only reorders the first tools BM25 found: it can bring
 * the right one of them forward, never add one the words did not find.
 */
import { readFileSync } from 'node:fs';
import { lettersOf, numbersOf, signedLettersOf, signedNumbersOf } from './letters.js';
import type { Meaning } from './request.js';
import { wordsOf } from './text.js';

/**
 * The model's weights. Its columns are the tools, then the parts they share; `bias` has one weight
 * per column, and each feature pairs of a column's place and a weight. Weights are whole
 * fiftieths ("-17" for -0.34): the bundle carries the model, and that is a fifth shorter than
 * decimals. Scored round by round over 64 rounds, each by a model trained without it, fiftieths
 * ranked as hundredths did, and the packed model is a tenth smaller.
 */
export interface ModelWeights {
  tools: string[];
  parts: string[];
  bias: number[];
  features: Record<string, number[]>;
}

/**
 * The weights as the build writes them, in letters (letters.ts). A feature names its columns by
 * their place in `order`, where the columns most features weigh come first, so that the steps
 * from one to the next are short. Packed, that is a sixth shorter than the same numbers in arrays.
 */
export interface EncodedModel {
  tools: string[];
  parts: string[];
  bias: number[];
  /** The columns, those most features weigh first. */
  order: number[];
  features: string[];
  /** Per feature, the steps from one of its columns' places in `order` to the next, from 0 for the first. */
  steps: string[];
  /** The weights of every feature, one after the other, in the order of its steps. */
  weights: string;
}

export function encodeModel({ tools, parts, bias, features }: ModelWeights): EncodedModel {
  const weighing = bias.map(() => 0);
  for (const pairs of Object.values(features)) for (let at = 0; at < pairs.length; at += 2) weighing[pairs[at]!]!++;
  const order = [...bias.keys()].sort((a, b) => weighing[b]! - weighing[a]! || a - b);
  const place = new Map(order.map((column, at) => [column, at]));
  const rows = Object.entries(features).map(([feature, pairs]) => {
    const placed: [place: number, weight: number][] = [];
    for (let at = 0; at < pairs.length; at += 2) placed.push([place.get(pairs[at]!)!, pairs[at + 1]!]);
    placed.sort(([a], [b]) => a - b);
    const steps = lettersOf(placed.map(([at], index) => at - (index ? placed[index - 1]![0] : 0)));
    return { feature, steps, weights: placed.map(([, weight]) => weight) };
  });
  // Features that weigh the same columns side by side: the model packs some 4% smaller in the bundle.
  rows.sort((a, b) => (a.steps < b.steps ? -1 : a.steps > b.steps ? 1 : 0));
  return {
    tools,
    parts,
    bias,
    order,
    features: rows.map(({ feature }) => feature),
    steps: rows.map(({ steps }) => steps),
    weights: signedLettersOf(rows.flatMap(({ weights }) => weights)),
  };
}

export function decodeModel({ tools, parts, bias, order, features, steps, weights }: EncodedModel): ModelWeights {
  const weightList = signedNumbersOf(weights);
  const pairsOf: Record<string, number[]> = {};
  let next = 0;
  features.forEach((feature, at) => {
    const pairs: number[] = [];
    let place = 0;
    for (const step of numbersOf(steps[at]!)) {
      place += step;
      pairs.push(order[place]!, weightList[next++]!);
    }
    pairsOf[feature] = pairs;
  });
  return { tools, parts, bias, features: pairsOf };
}

/** What a written weight is counted in: fiftieths. */
export const WEIGHT_UNIT = 0.02;

const PRODUCTS = new Set(['capex', 'esg']);

/**
 * The parts a tool's name shares with other tools: its product, its verb, what it acts on and the
 * last word of that (capex_update_contract: capex, update, contract; list_contract_unit_contracts:
 * finance control, list, contract_unit_contracts, contract).
 */
export function sharedParts(tool: string): string[] {
  const words = tool.split('_');
  const product = PRODUCTS.has(words[0]!) ? words.shift()! : 'fincon';
  const verb = words.shift()!;
  const last = words.at(-1)?.replace(/s$/, '');
  return [`product:${product}`, `verb:${verb}`, `object:${words.join('_')}`, ...(last ? [`record:${last}`] : [])];
}

/** Each tool's columns: its own, then those of the parts it shares. */
export function columnsOf(tools: readonly string[], parts: readonly string[]): number[][] {
  const place = new Map(parts.map((part, at) => [part, tools.length + at]));
  return tools.map((tool, at) => [at, ...sharedParts(tool).flatMap((part) => (place.has(part) ? [place.get(part)!] : []))]);
}

/** A request's features and how much each counts. */
export type Features = ReadonlyMap<string, number>;

/** What the model learns from (learning/train.ts): a request's features and the tools that answer it. */
export interface Example {
  features: Features;
  /** The tools that answer the request; each is an equally right answer. */
  tools: readonly string[];
}

/** Features that are API words, the request's own words, and pairs of its words in a row. */
const TERM = 't:';
const WORD = 'w:';
const PAIR = 'b:';

/**
 * A request's features: the API words it was understood as, at their weight, its own longer
 * words, and each two words in a row ("came in", "sale agreed", "noch offen"); words with digits
 * are left out.
 */
export function featuresOf(meanings: readonly Meaning[], request: string): Features {
  const features = new Map<string, number>();
  for (const { terms, weight } of meanings)
    for (const term of terms) features.set(`${TERM}${term}`, Math.max(features.get(`${TERM}${term}`) ?? 0, weight));
  const words = wordsOf(request).filter((word) => !/\d/.test(word));
  words.forEach((word, at) => {
    if (word.length > 2) features.set(`${WORD}${word}`, 1);
    if (at > 0) features.set(`${PAIR}${words[at - 1]} ${word}`, 1);
  });
  return features;
}

export class RankingModel {
  readonly #place: ReadonlyMap<string, number>;
  readonly #columns: number[][];

  constructor(private readonly model: ModelWeights) {
    this.#place = new Map(model.tools.map((tool, place) => [tool, place]));
    this.#columns = columnsOf(model.tools, model.parts);
  }

  /** Each tool's probability of answering a request with these features. */
  probabilities(features: Features): (tool: string) => number {
    const columns = Float64Array.from(this.model.bias);
    for (const [feature, value] of features) {
      const pairs = this.model.features[feature];
      if (pairs) for (let at = 0; at < pairs.length; at += 2) columns[pairs[at]!]! += pairs[at + 1]! * value;
    }
    const scores = this.#columns.map((ofTool) => WEIGHT_UNIT * ofTool.reduce((sum, column) => sum + columns[column]!, 0));
    const highest = Math.max(...scores);
    let sum = 0;
    for (let at = 0; at < scores.length; at++) sum += scores[at] = Math.exp(scores[at]! - highest);
    return (tool) => {
      const place = this.#place.get(tool);
      return place === undefined ? 0 : scores[place]! / sum;
    };
  }
}

/**
 * How many of the first tools the model reorders, and its say against the words' order: a tool
 * moves up ten places for each e-fold of probability over the tool above it. Both were chosen
 * on the training parts of rounds the model was trained without, never on held-out requests; the
 * model's say grows with what it learns from (with 4,800 requests, a third of this was best).
 */
const CANDIDATES = 30;
const MODEL_WEIGHT = 1.5;
const PLACE_WEIGHT = 0.15;
/** Keeps a tool the model has never seen answer anything from weighing minus infinity. */
const FLOOR = 1e-4;

/** The tools in the order of both opinions: the first CANDIDATES reordered, the rest as they were. */
export function reordered<T extends { name: string }>(ranked: readonly T[], features: Features, model: RankingModel): T[] {
  const probability = model.probabilities(features);
  const candidates = ranked.slice(0, CANDIDATES).map((tool, place) => ({
    tool,
    score: MODEL_WEIGHT * Math.log(probability(tool.name) + FLOOR) - PLACE_WEIGHT * place,
  }));
  candidates.sort((a, b) => b.score - a.score);
  return [...candidates.map(({ tool }) => tool), ...ranked.slice(CANDIDATES)];
}

/** The model the bundle carries (src/bundle/build.ts defines it); undefined elsewhere. */
declare const BUNDLED_RANKING: string | undefined;

/** Where the build writes the model: beside dist/src, or, for tests run from the sources, in dist/. */
const MODEL_FILES = ['../../search-ranking.json', '../../dist/search-ranking.json'];

let loaded: RankingModel | null | undefined;

/** The model, read once; null where the build did not make one (tsc alone), and search then ranks by words only. */
export function rankingModel(): RankingModel | null {
  if (loaded !== undefined) return loaded;
  const text =
    typeof BUNDLED_RANKING === 'string'
      ? BUNDLED_RANKING
      : MODEL_FILES.map((file) => {
          try {
            return readFileSync(new URL(file, import.meta.url), 'utf8');
          } catch {
            return undefined;
          }
        }).find((found) => found !== undefined);
  loaded = text === undefined ? null : new RankingModel(decodeModel(JSON.parse(text) as EncodedModel));
  return loaded;
}
