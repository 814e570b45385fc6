/**
 * ESG lists in pages of 100, over the estate `sandbox --scale N` adds: `links` is the ESG `Links`
 * shape, `{next, prev}` with both keys present, and following `next` reads every row once.
 */
import { describe, expect, it } from 'vitest';
import { get, query, useSandbox, walk, type Json } from './helpers.js';

const HOUSES = 150;
const scaled = useSandbox({ scale: HOUSES });
const regular = useSandbox();
const esg = () => scaled.handle.baseUrls.esg;

const ids = (items: Json[]) => items.map((item) => item.id);
const sizes = (pages: Json[]) => pages.map((page) => page.data.length);
const DELIVERY_DAY = { start: '2026-07-01T00:00:00Z', end: '2026-07-02T00:00:00Z' };

async function plant(): Promise<Json> {
  const { items } = await walk(`${esg()}/buildings/`);
  return items.at(-1);
}

describe('ESG lists in pages of 100', () => {
  it('pages the buildings with next and prev links, every building once, the heating plant last', async () => {
    const { pages, items } = await walk(`${esg()}/buildings/`);
    expect(sizes(pages)).toEqual([100, 8 + HOUSES + 1 - 100]);
    expect(new Set(ids(items)).size).toBe(items.length);
    const [first, last] = pages as [Json, Json];
    expect(first.links).toEqual({
      next: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/esg\/v1\/buildings\/\?cursor%5Bposition%5D=/),
      prev: null,
    });
    expect(last.links).toEqual({ next: null, prev: `${esg()}/buildings/` });
    expect(items.at(-1).attributes).toMatchObject({ name: 'Heizzentrale Rosenstein', external_id: 'BLD-RS-HZ' });
    expect(items.filter((building: Json) => /^BLD-RS-\d{4}$/.test(building.attributes.external_id))).toHaveLength(HOUSES);

    const back = await get(last.links.prev);
    expect(ids(back.body.data)).toEqual(ids(first.data));
  });

  it('repeats the query parameters in the next link of annual consumption', async () => {
    const first = await get(`${esg()}/consumption/annual/${query({ external_building_id: 'BLD-RS-HZ', year: '2025' })}`);
    const next = new URL(first.body.links.next);
    expect(next.searchParams.get('external_building_id')).toBe('BLD-RS-HZ');
    expect(next.searchParams.get('year')).toBe('2025');
    const { pages, items } = await walk(first.body.links.next);
    const all = [...first.body.data, ...items];
    expect([first.body.data.length, ...sizes(pages)]).toEqual([100, HOUSES - 100]);
    expect(new Set(all.map((row: Json) => row.attributes.external_meter_id)).size).toBe(HOUSES);
    expect(all.every((row: Json) => row.attributes.year === 2025 && row.attributes.consumption !== null)).toBe(true);
    expect(pages.at(-1).links.prev).toBe(`${esg()}/consumption/annual/?external_building_id=BLD-RS-HZ&year=2025`);
  });

  it("pages the plant's meters, one for each house", async () => {
    const { pages, items } = await walk(`${esg()}/buildings/${(await plant()).id}/utility-meters/`);
    expect(sizes(pages)).toEqual([100, HOUSES - 100]);
    expect(items.map((meter: Json) => meter.attributes.external_id)).toEqual(
      Array.from({ length: HOUSES }, (_, index) => `RS-HZ-WM-${String(index + 1).padStart(4, '0')}`),
    );
  });

  it.each(['/raw-audit/', '/raw-user-audit/'])(
    'pages the delivery of the estate in %s: a building or meter each',
    async (feed) => {
      const { pages, items } = await walk(`${esg()}${feed}${query(DELIVERY_DAY)}`);
      expect(pages.length).toBe(Math.ceil((2 * HOUSES + 1) / 100));
      expect(items).toHaveLength(2 * HOUSES + 1);
      expect(new Set(ids(items)).size).toBe(items.length);
      expect(new Set(items.map((event: Json) => event.attributes.transaction_id)).size).toBe(1);
      expect(items.every((event: Json) => event.attributes.op === 'INSERT')).toBe(true);
      expect(items.filter((event: Json) => event.attributes.table_name === 'utility_meter')).toHaveLength(HOUSES);
      expect(new URL(pages[0].links.next).searchParams.get('start')).toBe(DELIVERY_DAY.start);
    },
  );

  it("pages the file events of the houses' energy certificates", async () => {
    const window = query({ start_time: '2026-07-01T00:00:00Z', end_time: '2026-07-02T00:00:00Z' });
    const { pages, items } = await walk(`${esg()}/file-events/${window}`);
    expect(sizes(pages)).toEqual([100, HOUSES - 100]);
    expect(items.map((event: Json) => event.attributes.record.external_id)).toEqual(
      Array.from({ length: HOUSES }, (_, index) => `DMS-RS-EA-${String(index + 1).padStart(4, '0')}`),
    );
    const times = items.map((event: Json) => Date.parse(event.attributes.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses a cursor it did not issue, in its usual error shape', async () => {
    const response = await get(`${esg()}/buildings/${query({ 'cursor[position]': 'garbage' })}`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ status: '400', source: { parameter: 'cursor[position]' } });
  });
});

describe('the estate of --scale', () => {
  it('leaves the regular ESG data as it is', async () => {
    const lists = [
      '/buildings/',
      `/raw-audit/${query({ start: '2026-06-02T00:00:00Z', end: '2026-06-03T00:00:00Z' })}`,
      `/raw-user-audit/${query({ start: '2026-06-02T00:00:00Z', end: '2026-06-03T00:00:00Z' })}`,
      `/file-events/${query({ start_time: '2026-05-01T00:00:00Z', end_time: '2026-07-01T00:00:00Z' })}`,
      `/consumption/annual/${query({ external_building_id: 'BLD-FFM-001', year: '2025' })}`,
    ];
    for (const path of lists) {
      const ofRegular = (await walk(`${regular.handle.baseUrls.esg}${path}`)).items;
      const ofScaled = (await walk(`${esg()}${path}`)).items;
      expect(ofScaled.slice(0, ofRegular.length), path).toEqual(ofRegular);
    }
  });
});
