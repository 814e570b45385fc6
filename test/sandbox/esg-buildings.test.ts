import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { call, CREDENTIALS, get, useSandbox, type Json } from './helpers.js';

const sandbox = useSandbox();
const esg = () => sandbox.handle.baseUrls.esg;

async function building(externalId: string | null, name?: string): Promise<Json> {
  const { body } = await get(`${esg()}/buildings/`);
  return body.data.find((item: Json) => item.attributes.external_id === externalId && (!name || item.attributes.name === name));
}

describe('GET /buildings/', () => {
  it('lists every building at once, with the ESG links and no certificates unless asked for', async () => {
    const response = await get(`${esg()}/buildings/`);
    expect(response.status).toBe(200);
    expect(response.body.links).toEqual({ next: null, prev: null });
    expect(response.body.included).toBeNull();
    expect(response.body.data).toHaveLength(8);
    const westend = response.body.data.find((item: Json) => item.attributes.external_id === 'BLD-FFM-001');
    expect(westend).toMatchObject({
      type: 'BUILDING',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      relationships: null,
      attributes: {
        name: 'Bürohaus Westend',
        external_asset_id: 'AS-10017',
        building_specification: { gross_external_area: '14850.00', gross_internal_area: '13220.00' },
      },
    });
    expect(westend.attributes).not.toHaveProperty('energy_certificates');
    expect(westend.attributes).not.toHaveProperty('building_certificates');
  });

  it('puts the included certificate lists into each building, not into included', async () => {
    const response = await get(`${esg()}/buildings/?include=energy_certificates,building_certificates`);
    expect(response.status).toBe(200);
    expect(response.body.included).toBeNull();
    const westend = response.body.data.find((item: Json) => item.attributes.external_id === 'BLD-FFM-001');
    expect(westend.attributes.energy_certificates).toEqual([
      expect.objectContaining({ type: 'CONSUMPTION', efficiency_class: 'B', issued_at: '2021-03-15', valid_until: '2031-03-14' }),
    ]);
    expect(westend.attributes.building_certificates).toContainEqual({
      schema: { id: 'DGNB_BUILDINGS_IN_USE', label: 'DGNB Buildings In Use' },
      level: { id: 'GOLD', label: 'Gold' },
      issued_at: '2024-05-08',
      valid_until: '2027-05-07',
      description: 'Rezertifizierung 2024',
    });
    const hotel = response.body.data.find((item: Json) => item.attributes.external_id === 'BLD-DUS-007');
    expect(hotel.attributes).toMatchObject({ energy_certificates: [], building_certificates: [], external_asset_id: null });
  });

  it('includes only what is asked for', async () => {
    const { body } = await get(`${esg()}/buildings/?include=building_certificates`);
    for (const item of body.data) {
      expect(item.attributes).toHaveProperty('building_certificates');
      expect(item.attributes).not.toHaveProperty('energy_certificates');
    }
  });

  it('refuses an unknown include', async () => {
    const response = await get(`${esg()}/buildings/?include=meters`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toContain('energy_certificates');
  });

  it('has a building without external id', async () => {
    expect(await building(null, 'Lagerhalle Leipzig-Nord')).toBeDefined();
  });
});

describe('GET /buildings/{building_uuid}/analysis-result/', () => {
  it('answers the latest CO2 analysis', async () => {
    const { id } = await building('BLD-FFM-001');
    const response = await get(`${esg()}/buildings/${id}/analysis-result/`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      type: 'ANALYSIS_RESULT',
      attributes: { year: 2025, co2_intensity: expect.stringMatching(/^\d+\.\d{2}$/), total_emissions: expect.any(String) },
    });
  });

  it('answers data null for a building never analysed', async () => {
    const { id } = await building('BLD-DUS-007');
    const response = await get(`${esg()}/buildings/${id}/analysis-result/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: null, errors: null, included: null, links: null });
  });

  it('answers 404 for an unknown building and 422 for a malformed uuid', async () => {
    const missing = await get(`${esg()}/buildings/00000000-0000-4000-8000-000000000000/analysis-result/`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ status: '404', source: { parameter: 'building_uuid' } });
    const malformed = await get(`${esg()}/buildings/not-a-uuid/analysis-result/`);
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ type: 'uuid_parsing', loc: ['path', 'building_uuid'] });
  });
});

describe('GET /buildings/{building_uuid}/custom-data/', () => {
  it('lists the custom data groups with their field values', async () => {
    const { id } = await building('BLD-FFM-001');
    const response = await get(`${esg()}/buildings/${id}/custom-data/`);
    expect(response.status).toBe(200);
    expect(response.body.links).toEqual({ next: null, prev: null });
    const groups = response.body.data;
    expect(groups.map((group: Json) => group.attributes.name)).toEqual(['Gebäudedaten', 'ESG-Kennzahlen']);
    expect(groups[0].type).toBe('CUSTOM_DATA_GROUP_INSTANCE');
    expect(groups[0].attributes.field_instances).toContainEqual({
      field_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Nutzungsarten',
      year: null,
      value: ['Büro', 'Gastronomie'],
    });
    const yearly = groups[1].attributes.field_instances.filter((field: Json) => field.name === 'Anteil erneuerbarer Energie (%)');
    expect(yearly.map((field: Json) => field.year)).toEqual([2024, 2025]);
  });

  it('is empty for a building without custom data', async () => {
    const { id } = await building(null, 'Lagerhalle Leipzig-Nord');
    expect((await get(`${esg()}/buildings/${id}/custom-data/`)).body.data).toEqual([]);
  });
});

describe('GET /buildings/{building_uuid}/utility-meters/', () => {
  it('lists the meters of the building, of every category', async () => {
    const { id } = await building('BLD-FFM-001');
    const response = await get(`${esg()}/buildings/${id}/utility-meters/`);
    expect(response.status).toBe(200);
    expect(response.body.links).toEqual({ next: null, prev: null });
    const meters = response.body.data;
    expect(new Set(meters.map((meter: Json) => meter.attributes.category))).toEqual(
      new Set(['ELECTRICITY', 'HEATING', 'COOLING', 'WATER']),
    );
    expect(meters[0]).toMatchObject({
      type: 'UTILITY_METER',
      attributes: {
        external_id: 'FFM-001-EL-01',
        serial: expect.stringMatching(/^1ESY11\d{8}$/),
        units: 'KILOWATT_HOURS',
        multiplication_factor: '40',
        procured_by: 'LANDLORD',
        sub_category: null,
        custom_conversion_factor: null,
      },
    });
  });

  it('has a deactivated meter and gas meters with conversion factors', async () => {
    const hotel = await building('BLD-DUS-007');
    const meters = (await get(`${esg()}/buildings/${hotel.id}/utility-meters/`)).body.data;
    expect(meters.find((meter: Json) => meter.attributes.external_id === 'DUS-007-EL-01').attributes.deactivation_date).toBe(
      '2024-06-30',
    );
    expect(
      meters.find((meter: Json) => meter.attributes.external_id === 'DUS-007-FW-01').attributes.custom_conversion_factor,
    ).toBe('704');
  });
});

describe('the shared machinery under /esg/v1', () => {
  it('answers 401 without credentials', async () => {
    const response = await call(`${esg()}/buildings/`, { credentials: false });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].status).toBe('401');
  });

  it('redirects a path without trailing slash with 307', async () => {
    const response = await get(`${esg()}/buildings?include=energy_certificates`);
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe(`${esg()}/buildings/?include=energy_certificates`);
  });

  it('compresses on request', async () => {
    const response = await request(`${esg()}/buildings/`, { headers: { ...CREDENTIALS, 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await response.body.arrayBuffer())).toString('utf8'));
    expect(body.data).toHaveLength(8);
  });
});
