/**
 * CAPEX contractors (with tax waivers) and contracting entities; end to end (stdio,
 * modern client, file roots in a temporary directory).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, connect, dataOf, textOf, type TestClient, type Item } from '../support/harness.js';

const PDF = pdf('Freistellung');

let client: TestClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pfm-capex-partners-'));
  client = await connect('stdio', 'modern', { args: ['--toolsets', 'capex_partners,capex_assets', '--file-roots', dir] });
});
afterAll(async () => {
  await client?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('CAPEX contractors', () => {
  it('lists contractors of an asset and reads one', async () => {
    const [asset, other] = await client.items('capex_list_assets');
    const ofAsset = await client.items('capex_list_contractors', { filters: { 'asset.in': [asset!.id] } });
    const ofOther = await client.items('capex_list_contractors', { filters: { 'asset.in': [other!.id] } });
    expect(ofAsset.length).toBeGreaterThan(0);
    expect(ofAsset.map((item) => item.id)).not.toEqual(ofOther.map((item) => item.id));
    expect(dataOf(await client.callTool('capex_get_contractor', { contractor_id: ofAsset[0]!.id }))).toEqual(ofAsset[0]);
    const projectFilter = await client.callTool('capex_list_contractors', { filters: { 'project.in': [asset!.id] } });
    expect(projectFilter.isError).toBe(true);
    expect(textOf(projectFilter)).toMatch(/project.in.*not a supported filter/);
  });

  it('creates and updates a contractor, uploads its tax waiver and saves it to disk', async () => {
    const contractor = dataOf<Item>(
      await client.callTool('capex_create_contractor', {
        name: 'Dachdeckerei Emmelshausen',
        tax_authority: 'RHEINLAND_PALATINATE',
        tax_id: '40/777/12345',
        tax_waiver: { security_number: 'S-CX-1' },
      }),
    );
    expect(contractor).toMatchObject({ type: 'CONTRACTOR', tax_waiver: expect.objectContaining({ security_number: 'S-CX-1' }) });
    const updated = dataOf<Item>(
      await client.callTool('capex_update_contractor', { contractor_id: contractor.id, zip_code: '56281' }),
    );
    expect(updated).toMatchObject({ zip_code: '56281', name: 'Dachdeckerei Emmelshausen' });

    await writeFile(join(dir, 'freistellung.pdf'), PDF);
    const uploaded = dataOf<Item>(
      await client.callTool('capex_upload_tax_waiver', { contractor_id: contractor.id, file_path: 'freistellung.pdf' }),
    );
    expect(uploaded.filename).toEqual(expect.stringContaining('.pdf'));

    const saved = dataOf<{ saved_to: string; size: number }>(
      await client.callTool('capex_download_tax_waiver', { contractor_id: contractor.id, save_to: 'zurueck.pdf' }),
    );
    expect(saved).toMatchObject({ saved_to: join(dir, 'zurueck.pdf'), size: PDF.length });
    expect((await readFile(join(dir, 'zurueck.pdf'))).equals(PDF)).toBe(true);
  });

  it('refuses a tax waiver security number without tax data before sending', async () => {
    const result = await client.callTool('capex_create_contractor', {
      name: 'X',
      tax_waiver: { security_number: 'S' },
      tax_id: '1',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments[\s\S]*tax_authority and tax_id/);
  });
});

describe('CAPEX contracting entities', () => {
  it('lists, reads, creates and updates contracting entities', async () => {
    const [entity] = await client.items('capex_list_contracting_entities');
    expect(dataOf(await client.callTool('capex_get_contracting_entity', { contracting_entity_id: entity!.id }))).toEqual(entity);
    const created = dataOf<Item>(
      await client.callTool('capex_create_contracting_entity', { name: 'Bestand Süd GmbH', city: 'Koblenz' }),
    );
    expect(created).toMatchObject({ type: 'CONTRACTING_ENTITY', name: 'Bestand Süd GmbH' });
    const updated = dataOf<Item>(
      await client.callTool('capex_update_contracting_entity', {
        contracting_entity_id: created.id,
        managing_directors: 'A. Weber',
      }),
    );
    expect(updated).toMatchObject({ id: created.id, managing_directors: 'A. Weber', city: 'Koblenz' });
  });
});
