import { describe, expect, it } from 'vitest';
import { call, get, post, useSandbox, type Json } from './helpers.js';

const sandbox = useSandbox();
const esg = () => sandbox.handle.baseUrls.esg;

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${++counter}`;

const upsert = (attributes: Record<string, unknown>) => post(`${esg()}/tenants/`, { data: { type: 'TENANT', attributes } });

const attach = (tenant: string, attributes: Record<string, unknown>) =>
  post(`${esg()}/tenants/${encodeURIComponent(tenant)}/attachments/`, { data: { type: 'TENANT_ATTACHMENT', attributes } });

const link = (attributes: Record<string, unknown>) =>
  post(`${esg()}/tenant-consumption-links/`, { data: { type: 'TENANT_CONSUMPTION_LINK', attributes } });

const unlink = (tenant: string, annualId: string) =>
  call(
    `${esg()}/tenant-consumption-links/?${new URLSearchParams({ external_tenant_id: tenant, annual_consumption_id: annualId })}`,
    {
      method: 'DELETE',
    },
  );

async function annualRow(building: string, meter: string, year = 2025): Promise<Json> {
  const query = new URLSearchParams({ external_building_id: building, year: String(year), external_meter_id: meter });
  return (await get(`${esg()}/consumption/annual/?${query}`)).body.data[0];
}

describe('POST /tenants/ (upsert)', () => {
  it('creates a tenant (201), then updates it by external id (200), moving it to another building', async () => {
    const externalId = fresh('T-NEW');
    const created = await upsert({
      external_id: externalId,
      external_building_id: 'BLD-FFM-001',
      name: 'Grünwerk Architekten PartG',
      lease_start_date: '2026-01-01',
      lease_area_square_meters: 412.5,
      contact_salutation: 'FEMALE',
      contact_title: 'DR',
      contact_email: 'info@gruenwerk.example',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'TENANT',
      relationships: null,
      attributes: {
        external_id: externalId,
        name: 'Grünwerk Architekten PartG',
        description: null,
        lease_start_date: '2026-01-01',
        lease_end_date: null,
        lease_area_square_meters: '412.5',
        green_signature_date: null,
        contact_title: 'DR',
        contact_salutation: 'FEMALE',
        contact_email: 'info@gruenwerk.example',
        contact_first_name: null,
        contact_last_name: null,
        contact_phone_number: null,
      },
    });

    const updated = await upsert({
      external_id: externalId,
      external_building_id: 'BLD-BER-002',
      name: 'Grünwerk Architekten',
      lease_end_date: '2031-12-31',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: created.body.data.id,
      attributes: {
        name: 'Grünwerk Architekten',
        lease_start_date: '2026-01-01',
        lease_end_date: '2031-12-31',
        contact_email: 'info@gruenwerk.example',
      },
    });

    // The move shows where the building matters: links need tenant and consumption in one building.
    const berlinHeating = await annualRow('BLD-BER-002', 'BER-002-GA-01');
    expect((await link({ external_tenant_id: externalId, annual_consumption_id: berlinHeating.id })).status).toBe(201);
    const frankfurtWater = await annualRow('BLD-FFM-001', 'FFM-001-WA-01');
    expect((await link({ external_tenant_id: externalId, annual_consumption_id: frankfurtWater.id })).status).toBe(400);
  });

  it('updates a seeded tenant', async () => {
    const response = await upsert({
      external_id: 'T-CGN-004-02',
      external_building_id: 'BLD-CGN-004',
      name: 'Praxis Dr. Hoffmann',
      contact_phone_number: '+49 221 555 0100',
    });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({
      contact_first_name: 'Miriam',
      contact_phone_number: '+49 221 555 0100',
    });
  });

  it('answers 404 for an unknown building', async () => {
    const response = await upsert({ external_id: fresh('T'), external_building_id: 'BLD-NOWHERE', name: 'Niemand' });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/external_building_id' });
  });

  it('answers 422 for schema violations', async () => {
    const response = await upsert({
      external_id: '',
      external_building_id: 'BLD-FFM-001',
      name: 'X',
      contact_email: 'kein-at',
      contact_salutation: 'DIVERS',
    });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((item: Json) => [item.loc.at(-1), item.type])).toEqual([
      ['external_id', 'string_too_short'],
      ['contact_salutation', 'enum'],
      ['contact_email', 'value_error'],
    ]);
  });

  it('refuses a lease that ends before it starts', async () => {
    const response = await upsert({
      external_id: fresh('T'),
      external_building_id: 'BLD-FFM-001',
      name: 'X',
      lease_start_date: '2026-01-01',
      lease_end_date: '2025-12-31',
    });
    expect(response.status).toBe(400);
  });
});

describe('POST /tenants/{external_tenant_id}/attachments/', () => {
  it('adds a COMMENT', async () => {
    const response = await attach('T-FFM-001-02', { attachment_type: 'COMMENT', comment: 'Zählerzugang nur mit Voranmeldung.' });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      type: 'TENANT_ATTACHMENT',
      attributes: { attachment_type: 'COMMENT', comment: 'Zählerzugang nur mit Voranmeldung.', file_id: null },
    });
  });

  it('adds a DOCUMENT naming an existing file', async () => {
    const file = (await get(`${esg()}/files/metadata/?external_id=DMS-LEASE-0042`)).body.data;
    const response = await attach('T-FFM-001-01', { attachment_type: 'DOCUMENT', file_id: file.id });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toEqual({ attachment_type: 'DOCUMENT', comment: null, file_id: file.id });
  });

  it.each([
    ['a COMMENT without text', { attachment_type: 'COMMENT' }, 400],
    ['a DOCUMENT without file', { attachment_type: 'DOCUMENT', comment: 'Mietvertrag' }, 400],
    ['an unknown file', { attachment_type: 'DOCUMENT', file_id: '00000000-0000-4000-8000-000000000009' }, 404],
    ['an unknown attachment type', { attachment_type: 'PHOTO' }, 422],
  ])('refuses %s', async (_case, attributes, status) => {
    expect((await attach('T-FFM-001-01', attributes)).status).toBe(status);
  });

  it('answers 404 for an unknown tenant', async () => {
    const response = await attach('T-NOBODY', { attachment_type: 'COMMENT', comment: 'x' });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].source).toEqual({ parameter: 'external_tenant_id' });
  });
});

describe('tenant consumption links', () => {
  it('POST links a tenant to an annual consumption of its building, which then names the tenant', async () => {
    const row = await annualRow('BLD-MUC-005', 'MUC-005-EL-01');
    const response = await link({ external_tenant_id: 'T-MUC-005-02', annual_consumption_id: row.id });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      type: 'TENANT_CONSUMPTION_LINK',
      attributes: { external_tenant_id: 'T-MUC-005-02', annual_consumption_id: row.id },
    });
    expect((await annualRow('BLD-MUC-005', 'MUC-005-EL-01')).attributes.tenants).toEqual([
      { external_id: 'T-MUC-005-02', name: 'Quantum Devices Europe GmbH' },
    ]);
    expect((await link({ external_tenant_id: 'T-MUC-005-02', annual_consumption_id: row.id })).status).toBe(409);
  });

  it('DELETE removes the link (204) and then answers 404', async () => {
    const row = await annualRow('BLD-MUC-005', 'MUC-005-WA-01');
    expect(row.attributes.tenants).toEqual([{ external_id: 'T-MUC-005-01', name: 'Isar Biotech AG' }]);
    const removed = await unlink('T-MUC-005-01', row.id);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await annualRow('BLD-MUC-005', 'MUC-005-WA-01')).attributes.tenants).toEqual([]);
    expect((await unlink('T-MUC-005-01', row.id)).status).toBe(404);
  });

  it('DELETE answers 422 for missing or malformed query parameters', async () => {
    const missing = await call(`${esg()}/tenant-consumption-links/`, { method: 'DELETE' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail.map((item: Json) => item.loc)).toEqual([
      ['query', 'external_tenant_id'],
      ['query', 'annual_consumption_id'],
    ]);
    const malformed = await unlink('T-MUC-005-01', 'abc');
    expect(malformed.body.detail[0]).toMatchObject({ type: 'uuid_parsing', loc: ['query', 'annual_consumption_id'] });
  });

  it('POST refuses an unknown tenant or consumption', async () => {
    const row = await annualRow('BLD-MUC-005', 'MUC-005-EL-01');
    expect((await link({ external_tenant_id: 'T-NOBODY', annual_consumption_id: row.id })).status).toBe(404);
    expect(
      (await link({ external_tenant_id: 'T-MUC-005-01', annual_consumption_id: '00000000-0000-4000-8000-000000000009' })).status,
    ).toBe(404);
  });
});
