/**
 * What the model reads must match what the tools take: every argument name, filter key and
 * `name=value` written in a tool description, an argument description or the server
 * instructions is in the schema of that tool (or of a tool the same text names).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FILTER_OPERATIONS } from '../../src/dispatch/operation.js';
import { isSummary } from '../../src/dispatch/summary.js';
import { catalog } from '../../tools/index.js';
import { connectStdio, type TestClient } from '../support/harness.js';

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  $defs?: Record<string, JsonSchema>;
}

interface ListedTool {
  name: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
}

/** Every property name and description anywhere in a schema. */
function walk(schema: JsonSchema | undefined, names: Set<string>, texts: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  if (schema.description) texts.push(schema.description);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    names.add(name);
    walk(property, names, texts);
  }
  walk(schema.items, names, texts);
  for (const part of schema.anyOf ?? []) walk(part, names, texts);
  if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, names, texts);
  for (const definition of Object.values(schema.$defs ?? {})) walk(definition, names, texts);
}

interface Vocabulary {
  /** Argument names, nested ones included (net, tax, security_number). */
  arguments: Set<string>;
  /** Filter attributes (`name` of `name.contains`). */
  filterAttributes: Set<string>;
  /** Attributes of the result (a list's next_cursor, a file's external_id). */
  results: Set<string>;
  acceptsFilter(key: string): boolean;
}

const byName = new Map(catalog.map((operation) => [operation.name, operation]));

function vocabularyOf(tool: ListedTool): Vocabulary {
  const argumentNames = new Set<string>();
  walk(tool.inputSchema, argumentNames, []);
  const results = new Set<string>();
  walk(tool.outputSchema, results, []);
  const filters = byName.get(tool.name)?.inputSchema.shape.filters as z.ZodType | undefined;
  const declared = byName.get(tool.name);
  const declaredFilters = Object.keys((declared && !isSummary(declared) && declared.list?.filters) || {});
  // Attributes (`unaudited_amount` of `unaudited_amount.net`) and, where there are filters, their operations.
  const filterAttributes = new Set([
    ...declaredFilters.flatMap((key) => [key, key.split('.')[0]!]),
    ...(declaredFilters.length ? FILTER_OPERATIONS : []),
  ]);
  return {
    arguments: argumentNames,
    filterAttributes,
    results,
    // The server's own check decides: a key it refuses is not a filter of this tool.
    acceptsFilter: (key) => {
      if (!filters) return false;
      const value = key.endsWith('.range') ? ['1', '2'] : key.endsWith('.in') || key.endsWith('.not_in') ? ['x'] : 'x';
      const issues = filters.safeParse({ [key]: value }).error?.issues ?? [];
      return !issues.some((issue) => /not a supported filter/.test(issue.message));
    },
  };
}

/** snake_case words, but not placeholders such as "<project_id>". */
const IDENTIFIER = /(?<!<)\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b(?!>)/g;
/** Keys of JSON objects written in the text: `{"key": ...` and `, "key": ...`. */
const JSON_KEY = /[{,]\s*"([^"\s]+)"\s*:/g;
const ASSIGNMENT = /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)*)=/g;
/** The argument a JSON object of filters is given in, as the text names it. */
const FILTER_OBJECT = /\b(filters?)\b\s*[:=]?\s*\{/gi;

interface Finding {
  text: string;
  problem: string;
}

/**
 * Checks one text. `own` are the vocabularies of the tools the text belongs to (one tool, or
 * every tool for the instructions); tools the text names lend theirs too.
 */
function check(text: string, own: readonly Vocabulary[], tools: ReadonlyMap<string, Vocabulary>): Finding[] {
  const named = [...tools.keys()].filter((name) => new RegExp(`\\b${name}\\b`).test(text)).map((name) => tools.get(name)!);
  const known = [...own, ...named];
  const findings: Finding[] = [];
  const refuse = (problem: string) => findings.push({ text, problem });

  for (const [, key] of text.matchAll(JSON_KEY)) {
    // A template such as "<attribute>.<operation>" shows the form, not a key.
    if (/<(?!uuid>)/.test(key!)) continue;
    if (key!.includes('.')) {
      if (!own.some((vocabulary) => vocabulary.acceptsFilter(key!))) refuse(`filter key "${key}" is not accepted by filters`);
    } else if (!known.some((vocabulary) => vocabulary.arguments.has(key!))) {
      refuse(`"${key}" is not an argument`);
    }
  }
  for (const [, word] of text.matchAll(FILTER_OBJECT)) {
    if (word !== 'filters' || !own.some((vocabulary) => vocabulary.arguments.has('filters'))) {
      refuse(`filters are given in the argument "filters", not "${word}"`);
    }
  }
  for (const [, name] of text.matchAll(ASSIGNMENT)) {
    if (!known.some((vocabulary) => vocabulary.arguments.has(name!))) refuse(`${name}= names no argument`);
  }
  for (const [name] of text.matchAll(IDENTIFIER)) {
    const meaningful =
      tools.has(name) ||
      known.some(
        (vocabulary) => vocabulary.arguments.has(name) || vocabulary.filterAttributes.has(name) || vocabulary.results.has(name),
      );
    if (!meaningful) refuse(`${name} is neither an argument, a filter, a result field nor a tool`);
  }
  return findings;
}

let everyTool: ListedTool[] = [];
let discoveryTools: ListedTool[] = [];
let instructions = '';
const clients: TestClient[] = [];

beforeAll(async () => {
  const all = await connectStdio('modern', { args: ['--toolsets', 'all'] });
  const daily = await connectStdio('modern');
  clients.push(all, daily);
  everyTool = (await all.listTools()) as ListedTool[];
  discoveryTools = ((await daily.listTools()) as ListedTool[]).filter((tool) => !byName.has(tool.name));
  instructions = daily.instructions() ?? '';
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe('descriptions name only what exists', () => {
  it('lists every declared tool and the two discovery tools', () => {
    expect(everyTool.map((tool) => tool.name).sort()).toEqual(catalog.map((operation) => operation.name).sort());
    expect(discoveryTools.map((tool) => tool.name).sort()).toEqual(['call_tool', 'search_tools']);
  });

  it('in every tool description and argument description', () => {
    const tools = new Map([...everyTool, ...discoveryTools].map((tool) => [tool.name, vocabularyOf(tool)]));
    const findings = [...everyTool, ...discoveryTools].flatMap((tool) => {
      const texts = [tool.description ?? ''];
      walk(tool.inputSchema, new Set(), texts);
      return texts
        .flatMap((text) => check(text, [tools.get(tool.name)!], tools))
        .map((finding) => `${tool.name}: ${finding.problem} in "${finding.text}"`);
    });
    expect(findings).toEqual([]);
  });

  it('in the server instructions', () => {
    expect(instructions.length).toBeGreaterThan(0);
    const tools = new Map([...everyTool, ...discoveryTools].map((tool) => [tool.name, vocabularyOf(tool)]));
    const findings = instructions
      .split('\n')
      .flatMap((line) => check(line, [...tools.values()], tools))
      .map((finding) => `${finding.problem} in "${finding.text}"`);
    expect(findings).toEqual([]);
  });

  it('catches the mistakes it is for', () => {
    const tool = everyTool.find((candidate) => candidate.name === 'list_projects')!;
    const tools = new Map([[tool.name, vocabularyOf(tool)]]);
    const own = [tools.get(tool.name)!];
    expect(check('e.g. filter {"name.contains": "Hunsrück"}', own, tools)).toHaveLength(1);
    expect(check('e.g. filters {"name.like": "Hunsrück"}', own, tools)).toHaveLength(1);
    expect(check('pass {"project_name": "Hunsrück"}', own, tools)).toHaveLength(2);
    expect(check('with page_size=50', own, tools)).toHaveLength(2);
    expect(check('e.g. filters {"name.contains": "Hunsrück"}, then cursor', own, tools)).toEqual([]);
  });
});
