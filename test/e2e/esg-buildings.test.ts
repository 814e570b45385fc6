/** ESG buildings end to end (stdio, modern client): lists, certificates, CO2 analysis, custom data, meters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esgToolsets } from '../../tools/esg/toolsets.js';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';
import { esgServer, listOf, type Item } from './esg-support.js';

describe('ESG buildings over stdio with a modern client', () => {
  let client: TestClient;
  let buildings: Item[];

  beforeAll(async () => {
    client = await connect('stdio', 'modern', esgServer());
    buildings = await listOf(client, 'esg_list_buildings');
  });
  afterAll(async () => {
    await client?.close();
  });

  it('offers every ESG tool with an output schema and all four hints', async () => {
    const tools = await client.listTools();
    // The 30 API operations and the consumption summary.
    expect(tools).toHaveLength(31);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^esg_/);
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(Object.keys(tool.annotations ?? {}).sort()).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
    }
    expect(
      Object.entries(esgToolsets)
        .filter(([, info]) => info.daily)
        .map(([name]) => name),
    ).toEqual(['esg_buildings', 'esg_consumption']);
  });

  it('lists every building whole, with names, external ids and areas', async () => {
    const result = await client.callTool('esg_list_buildings');
    expect(textOf(result)).toMatch(/^\d+ buildings, the complete list\./);
    expect(buildings.length).toBeGreaterThan(1);
    for (const building of buildings) expect(building).toMatchObject({ type: 'BUILDING', name: expect.any(String) });
    expect(buildings.some((building) => building.external_id)).toBe(true);
    expect(buildings.some((building) => building.energy_certificates)).toBe(false);
  });

  it('adds energy and building certificates to each building on request', async () => {
    const withCertificates = await listOf(client, 'esg_list_buildings', {
      include: ['energy_certificates', 'building_certificates'],
    });
    expect(withCertificates.map((building) => building.id)).toEqual(buildings.map((building) => building.id));
    const certified = withCertificates.find((building) => (building.energy_certificates as unknown[] | undefined)?.length);
    expect((certified!.energy_certificates as Item[])[0]).toMatchObject({
      type: expect.stringMatching(/^(CONSUMPTION|DEMAND)$/),
    });

    const refused = await client.callTool('esg_list_buildings', { include: ['tenants'] });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('energy_certificates, building_certificates');
  });

  it('returns the latest CO2 analysis of a building, and says when there is none', async () => {
    const results = [];
    for (const building of buildings) {
      const result = await client.callTool('esg_get_building_analysis_result', { building_uuid: building.id });
      results.push({ data: dataOf(result), text: textOf(result) });
    }
    const analysed = results.find(({ data }) => data.type === 'ANALYSIS_RESULT');
    expect(analysed?.data).toMatchObject({ year: expect.any(Number), total_emissions: expect.stringMatching(/^\d+(\.\d+)?$/) });
    expect(analysed?.text).toContain('CO2 analysis result');

    const missing = results.find(({ data }) => data.absent);
    expect(missing?.data).toEqual({ absent: 'No CO2 analysis was done for this building yet' });
    expect(missing?.text).toBe('No CO2 analysis was done for this building yet.');
  });

  it('returns the custom data groups of a building with their field values', async () => {
    let groups: Item[] = [];
    for (const building of buildings) {
      groups = await listOf(client, 'esg_get_building_custom_data', { building_uuid: building.id });
      if (groups.length) break;
    }
    expect(groups[0]).toMatchObject({ type: 'CUSTOM_DATA_GROUP_INSTANCE', name: expect.any(String) });
    expect((groups[0]!.field_instances as Item[])[0]).toMatchObject({ field_id: expect.any(String), name: expect.any(String) });
  });

  it('lists the utility meters of a building', async () => {
    let meters: Item[] = [];
    for (const building of buildings) {
      meters = await listOf(client, 'esg_list_utility_meters', { building_uuid: building.id });
      if (meters.length) break;
    }
    expect(meters[0]).toMatchObject({
      type: 'UTILITY_METER',
      category: expect.stringMatching(/^(HEATING|ELECTRICITY|WATER|COOLING)$/),
      units: expect.any(String),
      serial: expect.any(String),
    });
  });

  it('refuses a building id that is not a UUID before sending, naming the tool that lists them', async () => {
    const result = await client.callTool('esg_list_utility_meters', { building_uuid: 'FRA-01' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/building_uuid.*UUID.*esg_list_buildings/);
  });

  it('says which id to check when a building does not exist', async () => {
    const result = await client.callTool('esg_get_building_custom_data', {
      building_uuid: '3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('HTTP 404');
    expect(textOf(result)).toContain('check building_uuid');
  });
});
