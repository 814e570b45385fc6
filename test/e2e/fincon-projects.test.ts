/**
 * FinCon projects, properties, project custom fields and invoice submission on a
 * project, end to end (stdio, modern client) against the sandbox.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shape/money.js';
import { pdf, expectNarrowed, connect, dataOf, textOf, type TestClient, type Item } from '../support/harness.js';

const PDF = pdf('Rechnung');

let client: TestClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pfm-projects-'));
  client = await connect('stdio', 'modern', { args: ['--toolsets', 'all', '--file-roots', dir] });
});
afterAll(async () => {
  await client?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('properties', () => {
  it('lists, reads, creates and updates properties', async () => {
    const properties = await client.items('list_properties');
    expect(properties.length).toBeGreaterThan(0);
    expect(dataOf(await client.callTool('get_property', { property_id: properties[0]!.id }))).toEqual(properties[0]);

    const created = dataOf<Item>(
      await client.callTool('create_property', {
        name: 'Lindenhof',
        address: 'Lindenstraße 4',
        zip_code: '55116',
        city: 'Mainz',
        country: 'DE',
      }),
    );
    expect(created).toMatchObject({ type: 'PROPERTY', name: 'Lindenhof', city: 'Mainz', country: 'DE' });

    const updated = dataOf<Item>(await client.callTool('update_property', { property_id: created.id, city: 'Wiesbaden' }));
    expect(updated).toMatchObject({ id: created.id, name: 'Lindenhof', city: 'Wiesbaden' });
    const inWiesbaden = await client.items('list_properties', { filters: { 'city.exact': 'Wiesbaden' } });
    expect(inWiesbaden).toContainEqual(updated);
    expectNarrowed(inWiesbaden, await client.items('list_properties'), (item) => item.city === 'Wiesbaden');
  });

  it('refuses a country that is not a code', async () => {
    const result = await client.callTool('create_property', { name: 'X', country: 'Germany' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/country.*one of .*DE/);
  });
});

describe('projects', () => {
  it('lists the projects of a property and of a contracting entity', async () => {
    const [project] = await client.items('list_projects', { filters: { 'name.contains': 'Hunsrück' } });
    const byProperty = await client.items('list_property_projects', { property_id: project!.property });
    expect(byProperty.map((item) => item.id)).toContain(project!.id);
    expect(byProperty.every((item) => item.property === project!.property)).toBe(true);

    const byEntity = await client.items('list_contracting_entity_projects', {
      contracting_entity_id: project!.default_contracting_entity,
    });
    expect(byEntity.map((item) => item.id)).toContain(project!.id);
    expect(byEntity.every((item) => item.default_contracting_entity === project!.default_contracting_entity)).toBe(true);
  });

  it('creates a project on a property and updates it', async () => {
    const [property] = await client.items('list_properties');
    const [entity] = await client.items('list_contracting_entities');
    const created = dataOf<Item>(
      await client.callTool('create_project', {
        name: 'Quartier Lindenhof',
        identifier: 'QL-2026',
        property_id: property!.id,
        default_contracting_entity_id: entity!.id,
        project_usage: 'MIXED_USAGE',
        gross_floor_area: '12450.50',
        estimated_start_date: '2026-03-01',
      }),
    );
    expect(created).toMatchObject({
      type: 'PROJECT',
      name: 'Quartier Lindenhof',
      property: property!.id,
      default_contracting_entity: entity!.id,
      project_usage: 'MIXED_USAGE',
      estimated_start_date: '2026-03-01',
    });
    expect(new Decimal(created.gross_floor_area as string).equals('12450.5')).toBe(true);

    const updated = dataOf<Item>(
      await client.callTool('update_project', {
        project_id: created.id,
        estimated_end_date: '2028-06-30',
        default_tax_rate: '7.00',
      }),
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Quartier Lindenhof', estimated_end_date: '2028-06-30' });
    expect(new Decimal(updated.default_tax_rate as string).equals(7)).toBe(true);
    expect(dataOf(await client.callTool('get_project', { project_id: created.id }))).toEqual(updated);
  });

  it('asks for something to change before sending an update', async () => {
    const [project] = await client.items('list_projects');
    const result = await client.callTool('update_project', { project_id: project!.id });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments for tool update_project[\s\S]*give at least one of name/);
  });

  it('lists the custom field values of a project', async () => {
    const projects = await client.items('list_projects');
    const pages = await Promise.all(
      projects.map((project) => client.items('list_project_custom_fields', { project_id: project.id })),
    );
    const fields = pages.flat();
    expect(fields.length).toBeGreaterThan(0);
    expect(fields[0]).toMatchObject({ type: 'CUSTOM_FIELD', name: expect.any(String) });
  });
});

describe('submitting an invoice on a project', () => {
  it('uploads a PDF from the file roots and the new invoice arrives in NEW', async () => {
    const [project] = await client.items('list_projects', { filters: { 'name.contains': 'Hunsrück' } });
    await writeFile(join(dir, 'Rechnung-2026-118.pdf'), PDF);
    const result = await client.callTool('submit_invoice', { project_id: project!.id, file_path: 'Rechnung-2026-118.pdf' });
    const invoice = dataOf<Item>(result);
    expect(invoice).toMatchObject({ type: 'INVOICE', invoice_process_state: 'NEW' });

    const fetched = dataOf<Item>(await client.callTool('get_invoice', { invoice_id: invoice.id }));
    expect(fetched.invoice_process_state).toBe('NEW');
  });

  it('takes the PDF inline as base64 too', async () => {
    const [project] = await client.items('list_projects');
    const invoice = dataOf<Item>(
      await client.callTool('submit_invoice', {
        project_id: project!.id,
        content_base64: PDF.toString('base64'),
        filename: 'Rechnung-2026-119.pdf',
      }),
    );
    expect(invoice.invoice_process_state).toBe('NEW');
  });

  it('refuses anything but a PDF before sending it', async () => {
    const [project] = await client.items('list_projects');
    await writeFile(join(dir, 'Rechnung.docx'), 'not a pdf');
    const result = await client.callTool('submit_invoice', { project_id: project!.id, file_path: 'Rechnung.docx' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/nothing was sent[\s\S]*not a valid PDF/);
  });
});
