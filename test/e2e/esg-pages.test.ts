/**
 * ESG lists read to their end through the server, against a sandbox with `--scale` whose ESG
 * lists run over several pages: every list tool, followed by its cursor until the answer says
 * the list is complete, gives the rows the REST API gives when its links.next are followed
 * (read here with undici), in the same order; no answer with more to come says "complete"; and
 * esg_get_building_consumption reads its lists to the end. An upstream whose next link leads
 * elsewhere fails the read instead of ending the list.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../support/fake-api.js';
import { connect, dataOf, textOf, type Item, type TestClient } from '../support/harness.js';
import { query, useSandbox, walk, type Json } from '../sandbox/helpers.js';

const HOUSES = 150;
const sandbox = useSandbox({ scale: HOUSES });
const esgUrl = () => sandbox.handle.baseUrls.esg;

const esgServer = (url: string) => ({
  args: ['--products', 'esg', '--toolsets', 'all', '--esg-url', url],
  env: { PFM_API_KEY: 'test-key', PFM_API_TOKEN: 'test-token' },
});

interface Page {
  items: Item[];
  next_cursor: string | null;
  totals?: Array<{ values: number }>;
}

/** Every answer of a list tool, following next_cursor until it is null. */
async function readToTheEnd(client: TestClient, tool: string, args: Record<string, unknown>) {
  const answers: Array<{ page: Page; text: string }> = [];
  let cursor: string | null = null;
  do {
    const result = await client.callTool(tool, cursor ? { ...args, cursor } : args);
    answers.push({ page: dataOf<Page>(result), text: textOf(result) });
    cursor = answers.at(-1)!.page.next_cursor;
    if (answers.length > 100) throw new Error(`${tool} never ends`);
  } while (cursor);
  return answers;
}

/** The ids of a list as the REST API gives them, every page. */
async function restIds(path: string, params: Record<string, string> = {}): Promise<string[]> {
  const url = `${esgUrl()}${path}${Object.keys(params).length ? query(params) : ''}`;
  const { pages, items } = await walk(url);
  expect(pages.length, path).toBeGreaterThan(1);
  return items.map((item: Json) => String(item.id));
}

const DELIVERY_DAY = { start: '2026-07-01T00:00:00Z', end: '2026-07-02T00:00:00Z' };

describe('ESG lists over several API pages, through the server', () => {
  let client: TestClient;
  let plant: Item;

  beforeAll(async () => {
    client = await connect('stdio', 'modern', esgServer(esgUrl()));
    const { items } = await walk(`${esgUrl()}/buildings/`);
    const last = items.at(-1);
    plant = { id: last.id, type: last.type, ...last.attributes };
    expect(plant.external_id).toBe('BLD-RS-HZ');
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  const lists: Array<[string, () => Record<string, unknown>, () => [string, Record<string, string>?]]> = [
    ['esg_list_buildings', () => ({}), () => ['/buildings/']],
    ['esg_list_utility_meters', () => ({ building_uuid: plant.id }), () => [`/buildings/${plant.id}/utility-meters/`]],
    [
      'esg_list_annual_consumption',
      () => ({ external_building_id: 'BLD-RS-HZ', year: 2025 }),
      () => ['/consumption/annual/', { external_building_id: 'BLD-RS-HZ', year: '2025' }],
    ],
    ['esg_list_audit_events', () => DELIVERY_DAY, () => ['/raw-audit/', DELIVERY_DAY]],
    ['esg_list_user_audit_events', () => DELIVERY_DAY, () => ['/raw-user-audit/', DELIVERY_DAY]],
    [
      'esg_list_file_events',
      () => ({ start_time: '2026-05-01T00:00:00Z', end_time: '2026-07-02T00:00:00Z' }),
      () => ['/file-events/', { start_time: '2026-05-01T00:00:00Z', end_time: '2026-07-02T00:00:00Z' }],
    ],
  ];

  it.each(lists)('%s gives every row the REST API gives, in its order', async (tool, args, rest) => {
    const answers = await readToTheEnd(client, tool, args());
    const ids = answers.flatMap(({ page }) => page.items.map((item) => String(item.id)));
    const [path, params] = rest();
    const expected = await restIds(path, params);
    expect(expected.length).toBeGreaterThan(100);
    expect(ids).toEqual(expected);

    expect(answers.length).toBeGreaterThan(1);
    for (const { text } of answers.slice(0, -1)) {
      expect(text).not.toMatch(/the complete list|the rest of the list/);
      expect(text).toMatch(new RegExp(`here; more exist .*Next: call ${tool} again with the same arguments plus \\{"cursor": "`));
    }
    expect(answers.at(-1)!.text).toMatch(/^\d+ [a-z ]+, the rest of the list\./);
  });

  it('says that totals of an answer the list goes on after are not the totals of the list', async () => {
    const answers = await readToTheEnd(client, 'esg_list_annual_consumption', { external_building_id: 'BLD-RS-HZ', year: 2025 });
    expect(answers.length).toBeGreaterThan(1);
    for (const { page, text } of answers) {
      expect(page.totals?.[0]?.values).toBe(page.items.length);
      expect(text).toContain('Totals of these rows per carrier and year');
      const partial = "These totals add up only this answer's rows; the list goes on, so they are not the list's totals";
      if (page.next_cursor) expect(text).toContain(partial);
      else expect(text).not.toContain(partial);
    }
  });

  it('esg_get_building_consumption reads the buildings, meters and annual consumption to their ends', async () => {
    const result = await client.callTool('esg_get_building_consumption', {
      building: 'BLD-RS-HZ',
      from: '2025-01',
      to: '2025-12',
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const answer = dataOf<{
      building: { id: string };
      meters: Array<{
        external_meter_id: string;
        years: Array<{ consumption: string | null; annual_consumption_id: string | null }>;
      }>;
      totals: Array<{ category: string; year: number; total: string; values: number }>;
    }>(result);
    expect(answer.building.id).toBe(plant.id);

    const meters = (await walk(`${esgUrl()}/buildings/${plant.id}/utility-meters/`)).items;
    expect(answer.meters.map((meter) => meter.external_meter_id)).toEqual(
      meters.map((meter: Json) => meter.attributes.external_id).sort(),
    );
    const annual = (await walk(`${esgUrl()}/consumption/annual/${query({ external_building_id: 'BLD-RS-HZ', year: '2025' })}`))
      .items;
    expect(annual).toHaveLength(HOUSES);
    const byMeter = new Map(annual.map((row: Json) => [row.attributes.external_meter_id, row]));
    for (const meter of answer.meters) {
      const row = byMeter.get(meter.external_meter_id) as Json;
      expect(meter.years).toEqual([
        expect.objectContaining({ consumption: row.attributes.consumption, annual_consumption_id: row.id }),
      ]);
    }
    // Every value is in kWh: the total is their plain sum.
    const sum = annual.reduce((total: Decimal, row: Json) => total.plus(row.attributes.consumption), new Decimal(0));
    expect(answer.totals).toEqual([expect.objectContaining({ category: 'HEATING', year: 2025, values: HOUSES })]);
    expect(new Decimal(answer.totals[0]!.total).equals(sum)).toBe(true);
  });
});

describe('an upstream ESG list with a next link', () => {
  const EVENT = {
    id: '4d0c1f55-5a8e-4f57-9a3d-7f1c1e9b2a01',
    type: 'AUDIT_LOG',
    attributes: { op: 'INSERT', ts: '2026-07-01T06:00:00Z', table_name: 'tenant' },
    relationships: null,
  };
  let api: FakeApi;
  let client: TestClient;

  beforeAll(async () => {
    api = await startFakeApi();
    client = await connect('stdio', 'modern', esgServer(api.baseUrl));
  });
  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  const answer = (next: string) => ({
    status: 200,
    body: { data: [EVENT], errors: null, included: null, links: { next, prev: null } },
  });

  it('is never "the complete list": the answer gives the cursor to the next page, which reads that page', async () => {
    api.reply = answer(`${api.baseUrl}/raw-audit/?start=x&end=y&cursor%5Bposition%5D=page-2`);
    const result = await client.callTool('esg_list_audit_events', DELIVERY_DAY);
    const text = textOf(result);
    expect(text).not.toMatch(/complete list/);
    expect(text).toMatch(/^1 audit events here; more exist \(the API sends them page by page\)/);
    const { next_cursor } = dataOf<Page>(result);
    expect(next_cursor).toEqual(expect.any(String));

    await client.callTool('esg_list_audit_events', { ...DELIVERY_DAY, cursor: next_cursor });
    expect(api.requests.at(-1)!.url).toBe('/fincon/v1/raw-audit/?start=x&end=y&cursor%5Bposition%5D=page-2');
  });

  it('fails, naming the link, when the next page lies away from the configured API URL', async () => {
    api.reply = answer('https://elsewhere.example/esg/v1/raw-audit/?cursor%5Bposition%5D=page-2');
    const listed = await client.callTool('esg_list_audit_events', DELIVERY_DAY);
    expect(listed.isError).toBe(true);
    expect(textOf(listed)).toMatch(
      /its link to the next page \(https:\/\/elsewhere\.example\/.*\) leads away from the API base URL/,
    );

    api.reply = {
      status: 200,
      body: {
        data: [{ id: EVENT.id, type: 'BUILDING', attributes: { name: 'Haus 1', external_id: 'BLD-1' }, relationships: null }],
        links: { next: 'https://elsewhere.example/esg/v1/buildings/?cursor%5Bposition%5D=2', prev: null },
      },
    };
    const summary = await client.callTool('esg_get_building_consumption', { building: 'BLD-1', from: '2025-01', to: '2025-12' });
    expect(summary.isError).toBe(true);
    expect(textOf(summary)).toMatch(/esg_list_buildings failed: the API says the list goes on/);
  });

  it('fails a summary whose list links back to a page already read, instead of ending the list there', async () => {
    api.reply = {
      status: 200,
      body: {
        data: [{ id: EVENT.id, type: 'BUILDING', attributes: { name: 'Haus 1', external_id: 'BLD-1' }, relationships: null }],
        links: { next: `${api.baseUrl}/buildings/`, prev: null },
      },
    };
    const summary = await client.callTool('esg_get_building_consumption', { building: 'BLD-1', from: '2025-01', to: '2025-12' });
    expect(summary.isError).toBe(true);
    expect(textOf(summary)).toMatch(/esg_list_buildings: the API's link to the next page leads back to a page already read/);
  });
});
