/**
 * What a request prefers beyond its words: the product it is about, and whether it asks to
 * read or to do something. A tool that fits neither still ranks, behind those that do.
 */
import { PRODUCT_WORDS } from '../../tools/vocabulary/vocabulary.js';
import type { Product } from '../dispatch/operation.js';
import { singular } from '../shape/words.js';
import { ACTIONS, asksToDo, READING } from './actions.js';
import { operationOf, twinOf } from './twins.js';

/** What preference reads of a tool. */
export interface Preferable {
  name: string;
  product: Product;
}

/** A tool of a product the request did not name, or an action it did not ask for, ranks at this fraction. */
const OTHER_PRODUCT = 0.7;
const OTHER_ACTION = 0.5;
/** A request about one invoice named by its number keeps a tool of other records at this fraction. */
const OTHER_RECORD = 0.7;
/** A CAPEX tool whose FinCon twin fits the request (or the other way round) ranks behind it. */
const TWIN = 0.3;

/** The API's words for a file, and what a request about one that asks for no action may want. */
const FILE_WORDS = ['document', 'file'];
const READS_FILES: ReadonlySet<string> = new Set([...READING, 'download']);

/** The API's word for an invoice, as the names of an invoice's own tools carry it. */
const INVOICE = 'invoice';

/** Tools that make or break a link assign or unassign, whatever verb their name starts with. */
const LINKING: Readonly<Record<string, string>> = { create: 'assign', delete: 'unassign' };

/** Each tool's actions, worked out once: every search weighs every tool it found by them. */
const actionsByTool = new WeakMap<Preferable, readonly string[]>();

function actionsOf(tool: Preferable): readonly string[] {
  let actions = actionsByTool.get(tool);
  if (!actions) {
    actions = actionsOfTool(tool);
    actionsByTool.set(tool, actions);
  }
  return actions;
}

function actionsOfTool(tool: Preferable): readonly string[] {
  const verb = operationOf(tool).split('_')[0]!;
  const actions = ACTIONS[verb] ?? [];
  if (tool.name.endsWith('_import')) return [...actions, 'import'];
  // An attachment made is a document uploaded: "beim Mieter als Dokument ablegen".
  if (tool.name.endsWith('_attachment')) return [...actions, 'upload'];
  const linking = LINKING[verb];
  return tool.name.endsWith('_link') && linking ? [...actions, linking] : actions;
}

export interface Preference {
  /** The request asks to do something other than read. */
  asksForAction: boolean;
  /** Whether a tool is of a product the request is about (FinCon where it names none). */
  ofProduct(tool: Preferable): boolean;
  /** How much of its score a tool keeps. */
  weigh(tool: Preferable): number;
}

/** The products a request is about: those it names, else those of the request it is a step of, else FinCon. */
export function productsOf(words: ReadonlySet<string>, about?: ReadonlySet<Product>): ReadonlySet<Product> {
  const named = (Object.keys(PRODUCT_WORDS) as Array<keyof typeof PRODUCT_WORDS>).filter((product) =>
    PRODUCT_WORDS[product].some((word) => words.has(word)),
  );
  return named.length ? new Set(named) : (about ?? new Set(['fincon']));
}

export interface Request {
  /** The request in the API's words. */
  terms: Iterable<string>;
  /** A question asks to read, whatever its verbs. */
  question: boolean;
  /** The product search_tools was asked to keep to, if any. */
  product?: Product;
  /** The products the whole request is about, where these terms are one step of it. */
  about?: ReadonlySet<Product>;
  /** The request names a record by its number ("RE 2026-118", numbered.ts). */
  numbered?: boolean;
}

/** `isTool` says which tools there are, so that a tool's twin is known when it is one. */
export function preferenceFor(request: Request, isTool: (name: string) => boolean): Preference {
  const words = new Set([...request.terms].map(singular));
  const products = request.product ? new Set([request.product]) : productsOf(words, request.about);
  // A number beside an invoice names that invoice: "wann wurde auf die RE 2024-233 was gezahlt?"
  const aboutOneInvoice = !!request.numbered && words.has(INVOICE);
  const asked = request.question ? [] : [...words].filter(asksToDo);
  // Asked for nothing, a request reads; one about a document may want it downloaded ("can I see
  // the signed contract?").
  const reads = FILE_WORDS.some((word) => words.has(word)) ? READS_FILES : READING;
  const fits = (actions: readonly string[]) =>
    asked.length ? actions.some((action) => asked.includes(action)) : actions.every((action) => reads.has(action));
  const productWeight = (tool: Preferable) => {
    if (products.has(tool.product)) return 1;
    const twin = twinOf(tool);
    return twin && products.has(twin.product) && isTool(twin.name) ? TWIN : OTHER_PRODUCT;
  };
  return {
    asksForAction: asked.length > 0,
    ofProduct: (tool) => products.has(tool.product),
    weigh: (tool) =>
      productWeight(tool) *
      (fits(actionsOf(tool)) ? 1 : OTHER_ACTION) *
      (aboutOneInvoice && !tool.name.includes(INVOICE) ? OTHER_RECORD : 1),
  };
}
