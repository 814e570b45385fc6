/**
 * search_tools against requests in practitioners' words (test/fixtures/practitioner-requests/),
 * asked through a real client of the built server: the rates of the first tool and of the first
 * three, per language and per pattern, are printed with the held-out part's apart; a request
 * phrased to read never gets a write first; a request of several steps gets its lookup among the
 * first three and an answer that says its steps in order (most of them, see STEPS_WRONG_AT_MOST).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../tools/index.js';
import { ENGLISH_SETS, GERMAN_SETS } from '../fixtures/practitioner-requests/index.js';
import type { PractitionerRequest } from '../fixtures/practitioner-requests/request.js';
import { connectStdio, dataOf, textOf, type TestClient } from '../support/harness.js';

/**
 * What each language must keep, over all its requests and over the held-out part alone: about the
 * level reached, so that a change that loses ground fails. The goal is higher (95% among the first
 * three and 80% first on requests nobody tuned on); the printed rates say how far it still is.
 */
const KEPT = { all: { first: 0.9, firstThree: 0.97 }, heldOut: { first: 0.82, firstThree: 0.94 } };

/** Of the requests of several steps, the share whose lookup or steps may go wrong. */
const STEPS_WRONG_AT_MOST = 0.18;

interface Found {
  steps: Array<{ step: string; tool: string }>;
  tools: Array<{ name: string; read_only: boolean }>;
}

interface Asked {
  request: PractitionerRequest;
  found: Found;
  text: string;
}

const isReading = new Map(catalog.map((tool) => [tool.name, tool.hints.readOnlyHint]));
const named = (asked: Asked, count: number) => asked.found.tools.slice(0, count).map((tool) => tool.name);
const firstIsRight = (asked: Asked) => asked.request.tools.includes(named(asked, 1)[0] ?? '');
const inFirstThree = (asked: Asked) => named(asked, 3).some((name) => asked.request.tools.includes(name));
const rate = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '-');

/** One line per pattern and for all: requests, first right, right in the first three; held out apart. */
function report(language: string, asked: readonly Asked[]): string {
  const line = (label: string, group: readonly Asked[]) => {
    const held = group.filter((entry) => entry.request.heldOut);
    return [
      label.padEnd(16),
      String(group.length).padStart(4),
      rate(group.filter(firstIsRight).length, group.length).padStart(7),
      rate(group.filter(inFirstThree).length, group.length).padStart(7),
      rate(held.filter(firstIsRight).length, held.length).padStart(9),
      rate(held.filter(inFirstThree).length, held.length).padStart(9),
    ].join(' ');
  };
  const patterns = [...new Set(asked.map((entry) => entry.request.pattern))];
  return [
    `search_tools, ${language} practitioners' requests:`,
    `${'pattern'.padEnd(16)} ${'asks'.padStart(4)} ${'first'.padStart(7)} ${'top 3'.padStart(7)} ${'held: 1st'.padStart(9)} ${'held: 3'.padStart(9)}`,
    ...patterns.map((pattern) =>
      line(
        pattern,
        asked.filter((entry) => entry.request.pattern === pattern),
      ),
    ),
    line('all', asked),
  ].join('\n');
}

const misses = (asked: readonly Asked[], right: (entry: Asked) => boolean) =>
  asked
    .filter((entry) => !right(entry))
    .map((entry) => `"${entry.request.ask}": wanted ${entry.request.tools.join(' or ')}, got ${named(entry, 3).join(', ')}`)
    .join('\n');

describe("search_tools with practitioners' requests", () => {
  let client: TestClient;
  const answers = new Map<string, Asked[]>();

  beforeAll(async () => {
    client = await connectStdio('modern');
    for (const [language, requests] of [
      ['English', ENGLISH_SETS.flat()],
      ['German', GERMAN_SETS.flat()],
    ] as const) {
      const asked: Asked[] = [];
      for (const request of requests) {
        const result = await client.callTool('search_tools', { query: request.ask });
        asked.push({ request, found: dataOf<Found>(result), text: textOf(result) });
      }
      answers.set(language, asked);
      console.info(report(language, asked));
    }
    // A guard against a server that hangs, not a speed target (that is npm run bench's): the
    // eighteen thousand requests take about a minute on a quiet machine, several on a busy one.
  }, 600_000);
  afterAll(async () => {
    await client?.close();
  });

  it('has a few hundred requests in every pattern, each naming tools that exist, a part held out', () => {
    const all = [...ENGLISH_SETS, ...GERMAN_SETS].flat();
    expect(all.length).toBeGreaterThanOrEqual(16000);
    const unknown = all.flatMap(({ tools, then = [] }) => [...tools, ...then].filter((tool) => !isReading.has(tool)));
    expect(unknown).toEqual([]);
    for (const requests of [...ENGLISH_SETS, ...GERMAN_SETS]) {
      const patterns = new Set(requests.map((request) => request.pattern));
      for (const pattern of patterns) {
        const ofPattern = requests.filter((request) => request.pattern === pattern);
        expect(ofPattern.filter((request) => request.heldOut).length, pattern).toBeGreaterThan(0);
      }
    }
  });

  it.each(['English', 'German'])('keeps the right tool first and among the first three as often as reached: %s', (language) => {
    const asked = answers.get(language)!;
    const held = asked.filter((entry) => entry.request.heldOut);
    expect(asked.filter(inFirstThree).length / asked.length, misses(asked, inFirstThree)).toBeGreaterThanOrEqual(
      KEPT.all.firstThree,
    );
    expect(asked.filter(firstIsRight).length / asked.length, misses(asked, firstIsRight)).toBeGreaterThanOrEqual(KEPT.all.first);
    expect(held.filter(inFirstThree).length / held.length).toBeGreaterThanOrEqual(KEPT.heldOut.firstThree);
    expect(held.filter(firstIsRight).length / held.length).toBeGreaterThanOrEqual(KEPT.heldOut.first);
  });

  it.each(['English', 'German'])('never answers a request phrased to read with a write first: %s', (language) => {
    const writesFirst = answers
      .get(language)!
      .filter((entry) => entry.request.phrasedAsRead && entry.found.tools[0] && !entry.found.tools[0].read_only)
      .map((entry) => `"${entry.request.ask}": ${entry.found.tools[0]!.name}`);
    expect(writesFirst).toEqual([]);
  });

  it.each(['English', 'German'])(
    'puts the lookup of a request of several steps among the first three and says the steps in order: %s',
    (language) => {
      const severalSteps = answers.get(language)!.filter((entry) => entry.request.then);
      expect(severalSteps.length).toBeGreaterThan(0);
      const wrong = severalSteps.flatMap((entry) => {
        const [lookup, action] = entry.found.steps;
        const problems = [
          inFirstThree(entry) ? '' : `lookup not among ${named(entry, 3).join(', ')}`,
          lookup && isReading.get(lookup.tool) && action ? '' : `steps ${JSON.stringify(entry.found.steps)}`,
          /^This request has \d+ steps; in order: 1\. /.test(entry.text) ? '' : 'the text does not say the steps',
        ].filter(Boolean);
        return problems.length ? [`"${entry.request.ask}": ${problems.join('; ')}`] : [];
      });
      console.info(
        `search_tools, ${language}: ${severalSteps.length - wrong.length} of ${severalSteps.length} requests of several steps right`,
      );
      expect(wrong.length / severalSteps.length, wrong.join('\n')).toBeLessThanOrEqual(STEPS_WRONG_AT_MOST);
    },
  );
});
