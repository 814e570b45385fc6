import { describe, expect, it } from 'vitest';
import {
  decodeModel,
  encodeModel,
  featuresOf,
  RankingModel,
  reordered,
  sharedParts,
  type EncodedModel,
  type ModelWeights,
} from '../../src/search/learned-ranking.js';
import { train } from '../../src/search/learning/train.js';
import { learningExamples } from '../../src/search/rank.js';
import { catalog } from '../../tools/index.js';
import { LEARNING_REQUESTS } from '../fixtures/learning-requests.js';
import { ENGLISH, GERMAN } from '../fixtures/everyday-requests.js';
import { ENGLISH_SETS, GERMAN_SETS } from '../fixtures/practitioner-requests/index.js';

const TOOLS = ['list_invoices', 'register_invoice_payment', 'list_contracts'];

/** Requests that say which tool they want in one word each, five of a kind. */
const examples = (['offen', 'zahlen', 'vertrag'] as const).flatMap((word, at) =>
  Array.from({ length: 5 }, (_, copy) => ({
    features: featuresOf([{ terms: [`${word}${copy}`], weight: 1 }], word),
    tools: [TOOLS[at]!],
  })),
);

/** A model with each feature's columns ascending: the written model lists them in another order. */
function inColumnOrder({ features, ...rest }: ModelWeights): ModelWeights {
  const sorted = Object.entries(features).map(([feature, pairs]) => {
    const columns = Array.from({ length: pairs.length / 2 }, (_, at) => [pairs[2 * at]!, pairs[2 * at + 1]!] as const);
    return [feature, columns.sort(([a], [b]) => a - b).flat()] as const;
  });
  return { ...rest, features: Object.fromEntries(sorted) };
}

describe('the learned ranking', () => {
  it('learns which words point to which tool, the same model every time', () => {
    const model = train(examples, TOOLS);
    expect(train(examples, TOOLS)).toEqual(model);
    const probability = new RankingModel(model).probabilities(featuresOf([], 'zahlen'));
    expect(probability('register_invoice_payment')).toBeGreaterThan(probability('list_invoices'));
    expect(probability('register_invoice_payment')).toBeGreaterThan(probability('list_contracts'));
  });

  it('writes its weights in letters and reads them back the same', () => {
    const model = train(examples, [...TOOLS, 'capex_register_invoice_payment', 'capex_list_contracts']);
    const encoded = JSON.parse(JSON.stringify(encodeModel(model))) as EncodedModel;
    expect([...encoded.order].sort((a, b) => a - b)).toEqual([...model.bias.keys()]);
    expect(inColumnOrder(decodeModel(encoded))).toEqual(inColumnOrder(model));
  });

  it('carries what it learnt about a tool over to the tools that share its parts', () => {
    expect(sharedParts('capex_update_contract')).toEqual(['product:capex', 'verb:update', 'object:contract', 'record:contract']);
    expect(sharedParts('list_contract_unit_contracts')).toEqual([
      'product:fincon',
      'verb:list',
      'object:contract_unit_contracts',
      'record:contract',
    ]);
    const kin = [...TOOLS, 'capex_register_invoice_payment', 'capex_list_contracts'];
    const probability = new RankingModel(train(examples, kin)).probabilities(featuresOf([], 'zahlen'));
    // Only register_invoice_payment was ever asked for with "zahlen"; its CAPEX twin shares its verb and object.
    expect(probability('capex_register_invoice_payment')).toBeGreaterThan(probability('capex_list_contracts'));
  });

  it('reorders only the first tools found and loses none of them', () => {
    const model = new RankingModel(train(examples, TOOLS));
    const found = Array.from({ length: 40 }, (_, at) => ({ name: `tool_${at}` })).concat([{ name: 'register_invoice_payment' }]);
    const order = reordered(found, featuresOf([], 'zahlen'), model).map(({ name }) => name);
    expect(order).toHaveLength(found.length);
    expect(new Set(order)).toEqual(new Set(found.map(({ name }) => name)));
    // Beyond the first thirty, a tool stays where the words put it, however sure the model is.
    expect(order.at(-1)).toBe('register_invoice_payment');
    const near = [{ name: 'list_contracts' }, { name: 'list_invoices' }, { name: 'register_invoice_payment' }];
    expect(reordered(near, featuresOf([], 'zahlen'), model)[0]?.name).toBe('register_invoice_payment');
  });

  it('learns a request of several steps step by step, as search ranks it', () => {
    const [lookup, action] = learningExamples(catalog, {
      ask: 'find the invoice from Kraus Bau and then pay it',
      tools: ['list_invoices'],
      then: ['register_invoice_payment'],
    });
    expect(lookup?.tools).toEqual(['list_invoices']);
    expect(lookup?.features.has('w:find')).toBe(true);
    expect(lookup?.features.has('w:pay')).toBe(false);
    expect(action?.tools).toEqual(['register_invoice_payment']);
    expect(action?.features.has('w:pay')).toBe(true);
    expect(action?.features.has('w:find')).toBe(false);
    // "it" is what the step before found.
    expect(action?.features.has('t:invoice')).toBe(true);
    expect(learningExamples(catalog, { ask: 'pay invoice 2026-118', tools: ['register_invoice_payment'] })).toHaveLength(1);
  });

  it('learns from no held-out request', () => {
    const heldOut = new Set(
      [ENGLISH, GERMAN, ...ENGLISH_SETS, ...GERMAN_SETS]
        .flat()
        .filter((request) => request.heldOut)
        .map(({ ask }) => ask),
    );
    expect(heldOut.size).toBeGreaterThan(1000);
    expect(LEARNING_REQUESTS.filter(({ ask }) => heldOut.has(ask))).toEqual([]);
  });
});
