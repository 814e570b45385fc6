/** ESG tenants end to end over HTTP with a legacy client: upsert 201 then 200, attachments, consumption links. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';
import { buildingsWithMeters, esgServer, expectRefusedBeforeSending, listOf, unique, type Item } from './esg-support.js';

describe('ESG tenants over HTTP with a legacy client', () => {
  let client: TestClient;
  let building: Item & { external_id: string };
  let tenantId: string;

  beforeAll(async () => {
    client = await connect('http', 'legacy', esgServer());
    building = (await buildingsWithMeters(client)).find((entry) => entry.meters.length)!.building as typeof building;
    tenantId = unique('MIETER');
  });
  afterAll(async () => {
    await client?.close();
  });

  it('creates a tenant (201) and updates it on the second call (200)', async () => {
    const tenant = {
      external_id: tenantId,
      external_building_id: building.external_id,
      name: 'Café Rheinblick GmbH',
      lease_start_date: '2025-01-01',
      lease_area_square_meters: '412.5',
      contact_salutation: 'FEMALE',
      contact_last_name: 'Schneider',
      contact_email: 'schneider@rheinblick.example',
    };
    const created = await client.callTool('esg_upsert_tenant', tenant);
    expect(dataOf(created)).toMatchObject({
      type: 'TENANT',
      outcome: 'created',
      name: 'Café Rheinblick GmbH',
      external_id: tenantId,
    });
    expect(textOf(created)).toMatch(/^The tenant was created\./);

    const updated = await client.callTool('esg_upsert_tenant', {
      ...tenant,
      name: 'Café Rheinblick & Co. KG',
      lease_end_date: '2030-12-31',
    });
    const data = dataOf<Item>(updated);
    expect(data).toMatchObject({
      id: dataOf<Item>(created).id,
      outcome: 'updated',
      name: 'Café Rheinblick & Co. KG',
      lease_end_date: '2030-12-31',
    });
    expect(textOf(updated)).toMatch(/^The tenant was updated\./);
  });

  it('refuses a malformed tenant before sending', async () => {
    expectRefusedBeforeSending(
      await client.callTool('esg_upsert_tenant', {
        external_id: '',
        external_building_id: building.external_id,
        name: 'X',
        contact_email: 'not-an-address',
      }),
      /external_id: must not be empty/,
    );
  });

  it('attaches a comment to the tenant', async () => {
    const attachment = dataOf<Item>(
      await client.callTool('esg_create_tenant_attachment', {
        external_tenant_id: tenantId,
        attachment_type: 'COMMENT',
        comment: 'Grüner Mietvertrag in Verhandlung',
      }),
    );
    expect(attachment).toMatchObject({
      type: 'TENANT_ATTACHMENT',
      attachment_type: 'COMMENT',
      comment: 'Grüner Mietvertrag in Verhandlung',
    });
  });

  it('links the tenant to an annual consumption of its building and removes the link again', async () => {
    let entries: Item[] = [];
    for (let year = 2026; year >= 2020 && !entries.length; year -= 1) {
      entries = await listOf(client, 'esg_list_annual_consumption', { external_building_id: building.external_id, year });
    }
    const entry = entries[0]!;
    const link = dataOf<Item>(
      await client.callTool('esg_create_tenant_consumption_link', {
        external_tenant_id: tenantId,
        annual_consumption_id: entry.id,
      }),
    );
    expect(link).toMatchObject({
      type: 'TENANT_CONSUMPTION_LINK',
      external_tenant_id: tenantId,
      annual_consumption_id: entry.id,
    });

    const query = { external_building_id: building.external_id, year: entry.year, external_meter_id: entry.external_meter_id };
    const tenantsOf = async () =>
      ((await listOf(client, 'esg_list_annual_consumption', query))[0]!.tenants as Item[] | undefined)?.map(
        (tenant) => tenant.external_id,
      ) ?? [];
    expect(await tenantsOf()).toContain(tenantId);

    const removed = await client.callTool('esg_delete_tenant_consumption_link', {
      external_tenant_id: tenantId,
      annual_consumption_id: entry.id,
    });
    expect(dataOf(removed)).toEqual({ done: 'Tenant consumption link deleted' });
    expect(textOf(removed)).toBe('Tenant consumption link deleted.');
    expect(await tenantsOf()).not.toContain(tenantId);

    const again = await client.callTool('esg_delete_tenant_consumption_link', {
      external_tenant_id: tenantId,
      annual_consumption_id: entry.id,
    });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('HTTP 404');
  });

  it('refuses an unlink without both query parameters before sending', async () => {
    expectRefusedBeforeSending(
      await client.callTool('esg_delete_tenant_consumption_link', { external_tenant_id: tenantId }),
      /annual_consumption_id: is required/,
    );
  });
});
