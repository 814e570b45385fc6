import { describe, expect, it } from 'vitest';
import { get, post, useSandbox, type Json } from './helpers.js';

const sandbox = useSandbox();
const esg = () => sandbox.handle.baseUrls.esg;

const range = (start: string, end: string) => `?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;

/** The last ten minutes up to a minute from now. */
function recently(): string {
  return range(new Date(Date.now() - 10 * 60_000).toISOString(), new Date(Date.now() + 60_000).toISOString());
}

const FEEDS = [
  ['/raw-audit/', '/raw-audit-log/'],
  ['/raw-user-audit/', '/raw-user-audit-log/'],
] as const;

describe('GET /raw-audit/', () => {
  it('lists the seeded table-level events of a day, oldest first', async () => {
    const response = await get(`${esg()}/raw-audit/${range('2026-06-02T00:00:00Z', '2026-06-03T00:00:00Z')}`);
    expect(response.status).toBe(200);
    expect(response.body.links).toEqual({ next: null, prev: null });
    const events = response.body.data;
    expect(new Set(events.map((event: Json) => event.attributes.origin))).toEqual(
      new Set(['INTERNAL_PROCESS', 'APP_USER', 'PUBLIC_API']),
    );
    expect(events[0]).toMatchObject({
      type: 'AUDIT_LOG',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      attributes: { op: 'UPDATE', table_schema: 'esg', entity_id: expect.any(Number), ts: expect.stringMatching(/^2026-06-02T/) },
    });
    const times = events.map((event: Json) => Date.parse(event.attributes.ts));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shows an API write as an event with origin PUBLIC_API, its record and its diff', async () => {
    const externalId = `T-AUDIT-${Date.now()}`;
    const created = await post(`${esg()}/tenants/`, {
      data: {
        type: 'TENANT',
        attributes: { external_id: externalId, external_building_id: 'BLD-STR-006', name: 'Sanitätshaus Vogel' },
      },
    });
    await post(`${esg()}/tenants/`, {
      data: {
        type: 'TENANT',
        attributes: { external_id: externalId, external_building_id: 'BLD-STR-006', name: 'Sanitätshaus Vogel GmbH' },
      },
    });
    const events = (await get(`${esg()}/raw-audit/${recently()}`)).body.data.filter(
      (event: Json) => event.attributes.record?.id === created.body.data.id,
    );
    expect(events.map((event: Json) => event.attributes.op)).toEqual(['INSERT', 'UPDATE']);
    expect(events[0].attributes).toMatchObject({
      origin: 'PUBLIC_API',
      table_name: 'tenant',
      record: { external_id: externalId, name: 'Sanitätshaus Vogel' },
      record_diff: null,
      user_id: null,
      transaction_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(events[1].attributes.record_diff).toEqual({ name: { old: 'Sanitätshaus Vogel', new: 'Sanitätshaus Vogel GmbH' } });
    expect(events[1].attributes.entity_id).toBe(events[0].attributes.entity_id);
  });
});

describe('GET /raw-user-audit/', () => {
  it('lists logins and app users changes, numbered by integers', async () => {
    const response = await get(`${esg()}/raw-user-audit/${range('2026-06-15T00:00:00Z', '2026-06-16T00:00:00Z')}`);
    expect(response.status).toBe(200);
    const events = response.body.data;
    expect(events.every((event: Json) => typeof event.id === 'number' && event.type === 'USER_AUDIT_LOG')).toBe(true);
    const ops = new Set(events.map((event: Json) => event.attributes.op));
    for (const op of ['LOGIN', 'LOGOUT', 'PASSWORD_CHANGE_FAILED', 'PASSWORD_CHANGE_SUCCEEDED', 'UPDATE'])
      expect(ops).toContain(op);
    const change = events.find((event: Json) => event.attributes.op === 'UPDATE');
    expect(change.attributes).toMatchObject({
      actor: 'USER',
      user_id: expect.any(Number),
      table_name: 'tenant',
      event_type: 'tenant.updated',
    });
    expect(Object.keys(change.attributes.record_diff)).toEqual(['contact_phone_number']);
  });

  it('shows an API write with its old and new record', async () => {
    const response = await post(`${esg()}/utility-data-batch-info/`, {
      data: { attributes: { data_source_label: 'Audit', data_source_value: 'Prüfung', external_id: `AUDIT-${Date.now()}` } },
    });
    const events = (await get(`${esg()}/raw-user-audit/${recently()}`)).body.data;
    const event = events.find((candidate: Json) => candidate.attributes.entity_id === response.body.data.id);
    expect(event.attributes).toMatchObject({
      op: 'INSERT',
      actor: 'SYSTEM',
      event_type: 'utility_data_batch_info.created',
      description: expect.stringContaining('through the public API'),
      user_data: { origin: 'PUBLIC_API' },
      old: null,
      new: { data_source_label: 'Audit', data_source_value: 'Prüfung' },
    });
  });
});

describe.each(FEEDS)('%s and its alias %s', (path, alias) => {
  it('answer the same', async () => {
    const query = range('2026-06-10T00:00:00Z', '2026-06-11T00:00:00Z');
    const [original, aliased] = await Promise.all([get(`${esg()}${path}${query}`), get(`${esg()}${alias}${query}`)]);
    expect(aliased.status).toBe(200);
    expect(aliased.body).toEqual(original.body);
    expect(original.body.data.length).toBeGreaterThan(0);
  });

  it('accept exactly 24 hours and refuse a longer range', async () => {
    expect((await get(`${esg()}${path}${range('2026-06-10T00:00:00+02:00', '2026-06-10T22:00:00Z')}`)).status).toBe(200);
    const longer = await get(`${esg()}${alias}${range('2026-06-10T00:00:00Z', '2026-06-11T00:00:01Z')}`);
    expect(longer.status).toBe(400);
    expect(longer.body.errors[0]).toMatchObject({ source: { parameter: 'end' }, detail: expect.stringContaining('at most 24') });
  });

  it('refuse a reversed range, and answer 422 for missing or malformed times', async () => {
    expect((await get(`${esg()}${path}${range('2026-06-11T00:00:00Z', '2026-06-10T00:00:00Z')}`)).status).toBe(400);
    const missing = await get(`${esg()}${path}`);
    expect(missing.status).toBe(422);
    expect(missing.body.detail.map((item: Json) => item.loc)).toEqual([
      ['query', 'start'],
      ['query', 'end'],
    ]);
    const malformed = await get(`${esg()}${alias}?start=2026-06-10T25:00:00Z&end=2026-06-11T00:00:00Z`);
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ type: 'datetime_from_date_parsing', loc: ['query', 'start'] });
  });
});
