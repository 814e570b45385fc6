/**
 * Datetime filters get datetimes: a date given on a date-time attribute stands for its whole day
 * (from 00:00:00, to 23:59:59), a date-time passes through, and the tool's schema says so; the
 * sandbox, like the API's documents, takes no date alone there. End to end (stdio, modern client,
 * the server against a sandbox whose REST answers are the reference).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { get, query, walk, type Json } from '../sandbox/helpers.js';
import { againstApi, connectStdio, dataOf, type Item, type Page, type TestClient } from '../support/harness.js';

let sandbox: SandboxHandle;
let client: TestClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  client = await connectStdio('modern', againstApi(sandbox.baseUrls.fincon));
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

/** Every invoice a list_invoices call finds, page after page. */
async function invoicesThroughServer(filters: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null | undefined;
  do {
    const page: Page<Item> = dataOf(await client.callTool('list_invoices', { filters, ...(cursor ? { cursor } : {}) }));
    ids.push(...page.items.map((item) => item.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids.sort();
}

/** The ids REST answers for the same list with these raw filter parameters. */
async function invoicesOverRest(params: Record<string, string>): Promise<string[]> {
  return (await walk(`${sandbox.baseUrls.fincon}/invoices/${query(params)}`)).items.map((invoice: Json) => invoice.id).sort();
}

/** A day on which an invoice was approved after midnight: a bound at the day's start would miss it. */
async function approvalDay(): Promise<string> {
  const approved = (await walk(`${sandbox.baseUrls.fincon}/invoices/`)).items
    .map((invoice: Json) => invoice.attributes.date_approved as string | null)
    .filter((stamp): stamp is string => stamp !== null && !stamp.includes('T00:00:00'));
  return approved[Math.floor(approved.length / 2)]!.slice(0, 10);
}

describe('a date on a date-time filter', () => {
  it('finds the same invoices as REST with that day written as date-times', async () => {
    const day = await approvalDay();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ 'date_approved.less_than_equal': day }, { 'filter[date_approved.less_than_equal]': `${day}T23:59:59` }],
      [{ 'date_approved.greater_than_equal': day }, { 'filter[date_approved.greater_than_equal]': `${day}T00:00:00` }],
      [{ 'date_approved.range': [day, day] }, { 'filter[date_approved.range]': `${day}T00:00:00,${day}T23:59:59` }],
    ];
    for (const [filters, params] of cases) {
      const expected = await invoicesOverRest(params);
      expect(expected.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(await invoicesThroughServer(filters), JSON.stringify(filters)).toEqual(expected);
    }
    // The day itself holds approvals that midnight alone would cut off.
    const fromMidnight = await invoicesOverRest({ 'filter[date_approved.less_than_equal]': `${day}T00:00:00` });
    expect(fromMidnight.length).toBeLessThan((await invoicesThroughServer({ 'date_approved.less_than_equal': day })).length);
  });

  it('passes a date-time through as given', async () => {
    const day = await approvalDay();
    const stamp = `${day}T12:00:00Z`;
    expect(await invoicesThroughServer({ 'date_approved.greater_than_equal': stamp })).toEqual(
      await invoicesOverRest({ 'filter[date_approved.greater_than_equal]': stamp }),
    );
  });

  it('is said by the filters argument of the tool (start or end of the day), and in full by the server instructions', async () => {
    const tool = (await client.listTools()).find((listed) => listed.name === 'list_invoices') as
      { inputSchema: { properties: { filters: { description: string } } } } | undefined;
    const described = tool!.inputSchema.properties.filters.description;
    expect(described).toContain('; datetime (date: start/end of day): date_approved, payment_created, date_created');
    expect(described).toMatch(/; compare: unaudited_amount\.net\/tax, /);
    expect(client.instructions()).toContain(
      '"datetime" the same on a date-time: a date alone counts from its 00:00:00 or to its 23:59:59',
    );
  });
});

describe('the sandbox over REST', () => {
  it('answers a date alone on a date-time filter with its validation error for filters', async () => {
    const key = 'filter[date_approved.greater_than_equal]';
    const response = await get(`${sandbox.baseUrls.fincon}/invoices/${query({ [key]: '2025-03-04' })}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ data: null, included: null, links: null });
    expect(response.body.errors).toEqual([
      {
        status: '400',
        title: 'Bad Request',
        detail: `Invalid value '2025-03-04' for filter '${key}': expected an ISO 8601 date-time such as 2022-08-05T15:04:07.`,
        source: { parameter: key },
      },
    ]);
  });
});
