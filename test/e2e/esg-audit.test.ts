/** ESG audit trail end to end over HTTP with a modern client: the 24-hour rule, and API changes in both feeds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';
import { esgServer, expectRefusedBeforeSending, listOf, unique, type Item } from './esg-support.js';

describe('ESG audit events over HTTP with a modern client', () => {
  let client: TestClient;
  let tenant: Item;

  beforeAll(async () => {
    client = await connect('http', 'modern', esgServer());
    const building = (await listOf(client, 'esg_list_buildings')).find((candidate) => candidate.external_id)!;
    tenant = dataOf<Item>(
      await client.callTool('esg_upsert_tenant', {
        external_id: unique('AUDIT'),
        external_building_id: building.external_id,
        name: 'Praxis Dr. Weber',
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
  });

  const around = () => ({
    start: new Date(Date.now() - 60 * 60_000).toISOString(),
    end: new Date(Date.now() + 60 * 60_000).toISOString(),
  });

  it('refuses a range longer than 24 hours, or reversed, before sending', async () => {
    expectRefusedBeforeSending(
      await client.callTool('esg_list_audit_events', { start: '2026-11-20T00:00:00Z', end: '2026-11-21T00:00:01Z' }),
      /end: must be at most 24 hours after start/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_list_user_audit_events', { start: '2026-11-21T00:00:00Z', end: '2026-11-20T23:00:00Z' }),
      /end: must not be before start/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_list_user_audit_events', { start: '2026-11-21T00:00:00+02:00', end: '2026-11-21' }),
      /end: must be an ISO 8601 date-time with time zone/,
    );
  });

  it('accepts exactly 24 hours across a time-zone offset', async () => {
    const result = await client.callTool('esg_list_audit_events', {
      start: '2026-11-20T00:00:00+01:00',
      end: '2026-11-20T23:00:00Z',
    });
    expect(result.isError).toBeFalsy();
  });

  it('lists the table-level change of the tenant upsert', async () => {
    const result = await client.callTool('esg_list_audit_events', around());
    expect(textOf(result)).toMatch(/\d+ audit events, the complete list\./);
    const events = dataOf<{ items: Item[] }>(result).items;
    const insert = events.find(
      (event) => event.op === 'INSERT' && (event.record as Item | undefined)?.external_id === tenant.external_id,
    );
    expect(insert).toMatchObject({
      type: 'AUDIT_LOG',
      origin: 'PUBLIC_API',
      table_name: expect.any(String),
      entity_id: expect.any(Number),
    });
  });

  it('lists the user audit event of the tenant upsert, numbered by an integer id', async () => {
    const events = await listOf(client, 'esg_list_user_audit_events', around());
    const created = events.find((event) => event.op === 'INSERT' && event.entity_id === tenant.id);
    expect(created).toMatchObject({ type: 'USER_AUDIT_LOG', actor: expect.any(String), event_type: expect.any(String) });
    expect(typeof created!.id).toBe('number');
  });
});
