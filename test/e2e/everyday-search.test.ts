/**
 * search_tools against the requests people actually make, in English and German, asked through
 * a real client of the built server: the right tool among the first three for at least 90% of
 * each language. The rates are printed, with the held-out part's apart (see the fixture).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../tools/index.js';
import { ENGLISH, GERMAN, type EverydayRequest } from '../fixtures/everyday-requests.js';
import { connectStdio, dataOf, type TestClient } from '../support/harness.js';

const FIRST = 3;
const REQUIRED_RATE = 0.9;

interface Asked {
  request: EverydayRequest;
  first: string[];
  found: boolean;
}

const percent = (part: number, whole: number) => `${part}/${whole} (${((100 * part) / whole).toFixed(1)}%)`;

describe('search_tools with everyday requests', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectStdio('modern');
  });
  afterAll(async () => {
    await client?.close();
  });

  async function ask(request: EverydayRequest): Promise<Asked> {
    const { tools } = dataOf<{ tools: Array<{ name: string }> }>(await client.callTool('search_tools', { query: request.ask }));
    const first = tools.slice(0, FIRST).map((tool) => tool.name);
    return { request, first, found: first.some((name) => request.tools.includes(name)) };
  }

  it('has a set of at least 80 English and 40 German requests, each naming tools that exist', () => {
    expect(ENGLISH.length).toBeGreaterThanOrEqual(80);
    expect(GERMAN.length).toBeGreaterThanOrEqual(40);
    const names = new Set(catalog.map((operation) => operation.name));
    const unknown = [...ENGLISH, ...GERMAN].flatMap(({ tools }) => tools.filter((tool) => !names.has(tool)));
    expect(unknown).toEqual([]);
  });

  it.each([
    { language: 'English', requests: ENGLISH },
    { language: 'German', requests: GERMAN },
  ])('puts the right tool in the first three for 90% of the $language requests', async ({ language, requests }) => {
    const asked: Asked[] = [];
    for (const request of requests) asked.push(await ask(request));
    const found = asked.filter((answer) => answer.found);
    const heldOut = asked.filter((answer) => answer.request.heldOut);
    console.info(
      `search_tools, ${language}: ${percent(found.length, asked.length)} in the first ${FIRST}; ` +
        `held out while tuning: ${percent(heldOut.filter((answer) => answer.found).length, heldOut.length)}`,
    );
    const missed = asked
      .filter((answer) => !answer.found)
      .map(
        ({ request, first }) => `"${request.ask}": wanted ${request.tools.join(' or ')}, got ${first.join(', ') || 'nothing'}`,
      );
    expect(found.length / asked.length, missed.join('\n')).toBeGreaterThanOrEqual(REQUIRED_RATE);
    expect(heldOut.filter((answer) => answer.found).length / heldOut.length).toBeGreaterThanOrEqual(REQUIRED_RATE);
  });
});
