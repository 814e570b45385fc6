/**
 * CAPEX assets and measures, the contracts of a measure, and submitting an invoice
 * for an asset (which starts its workflow); end to end (stdio, modern client).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, expectNarrowed, connect, dataOf, textOf, type TestClient, type Item } from '../support/harness.js';

const PDF = pdf('Rechnung Dach');

let client: TestClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pfm-capex-assets-'));
  // CAPEX alone: its daily toolsets become the direct tools; submitting invoices is invoice administration.
  client = await connect('stdio', 'modern', {
    args: ['--products', 'capex', '--toolsets', 'daily,capex_invoice_admin,capex_contract_admin', '--file-roots', dir],
  });
});
afterAll(async () => {
  await client?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('assets and measures', () => {
  it('offers the daily CAPEX toolsets when CAPEX is chosen alone', async () => {
    const names = (await client.listTools()).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'capex_list_assets',
        'capex_list_contracts',
        'capex_list_invoices',
        'capex_register_invoice_payment',
      ]),
    );
    expect(names).not.toContain('capex_list_contractors');
  });

  it('lists and reads assets', async () => {
    const assets = await client.items('capex_list_assets');
    expect(assets.length).toBeGreaterThan(0);
    expect(assets[0]).toMatchObject({ type: 'ASSET', name: expect.any(String) });
    expect(dataOf(await client.callTool('capex_get_asset', { asset_id: assets[0]!.id }))).toEqual(assets[0]);
    const named = await client.items('capex_list_assets', { filters: { 'name.exact': assets[0]!.name as string } });
    expect(named.map((asset) => asset.id)).toContain(assets[0]!.id);
    expectNarrowed(named, assets, (asset) => asset.name === assets[0]!.name);
  });

  it('lists the measures of an asset, reads one and lists its contracts', async () => {
    const measures = await client.items('capex_list_measures');
    const measure = measures[0]!;
    expect(measure).toMatchObject({ type: 'MEASURE', asset: expect.any(String), status: expect.any(String) });
    const ofAsset = await client.items('capex_list_measures', { filters: { 'asset.in': [measure.asset as string] } });
    expectNarrowed(ofAsset, measures, (item) => item.asset === measure.asset);
    expect(dataOf(await client.callTool('capex_get_measure', { measure_id: measure.id }))).toEqual(measure);

    const withContracts = await Promise.all(
      measures
        .slice(0, 10)
        .map(async (item) => ({ item, contracts: await client.items('capex_list_measure_contracts', { measure_id: item.id }) })),
    );
    const found = withContracts.find((entry) => entry.contracts.length > 0)!;
    expect(found.contracts.every((contract) => contract.measure === found.item.id)).toBe(true);
    const filtered = await client.items('capex_list_contracts', { filters: { 'measure.in': [found.item.id] } });
    expect(filtered.map((contract) => contract.id).sort()).toEqual(found.contracts.map((contract) => contract.id).sort());
  });
});

describe('submitting an invoice for an asset', () => {
  it('uploads a PDF and starts the workflow with a NEW invoice', async () => {
    const [asset] = await client.items('capex_list_assets');
    await writeFile(join(dir, 'Rechnung-Dach.pdf'), PDF);
    const invoice = dataOf<Item>(
      await client.callTool('capex_submit_invoice', { asset_id: asset!.id, file_path: 'Rechnung-Dach.pdf' }),
    );
    expect(invoice).toMatchObject({ type: 'INVOICE', invoice_process_state: 'NEW' });
    expect(dataOf<Item>(await client.callTool('capex_get_invoice', { invoice_id: invoice.id })).id).toBe(invoice.id);
  });

  it('refuses a file that is not a PDF', async () => {
    const [asset] = await client.items('capex_list_assets');
    await writeFile(join(dir, 'Rechnung.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const result = await client.callTool('capex_submit_invoice', { asset_id: asset!.id, file_path: 'Rechnung.png' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not a valid PDF/);
  });

  it('points at capex_list_assets when the asset id is not a UUID', async () => {
    const result = await client.callTool('capex_submit_invoice', {
      asset_id: 'Dach',
      content_base64: PDF.toString('base64'),
      filename: 'a.pdf',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/asset_id.*capex_list_assets/);
  });
});
