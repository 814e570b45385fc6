/**
 * FinCon contractors (with tax waivers), contracting entities and contacts, end to
 * end over streamable HTTP with a legacy (2025) client against the sandbox.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, expectNarrowed, connect, dataOf, textOf, type TestClient, type ToolResult, type Item } from '../support/harness.js';

const PDF = pdf('Freistellung');

let client: TestClient;

beforeAll(async () => {
  client = await connect('http', 'legacy', { args: ['--toolsets', 'all'] });
});
afterAll(async () => {
  await client?.close();
});

function embedded(result: ToolResult): Buffer {
  const block = result.content.find((part) => part.type === 'resource') as { resource?: { blob?: string } } | undefined;
  return Buffer.from(block?.resource?.blob ?? '', 'base64');
}

describe('contractors', () => {
  it('lists, filters and reads contractors', async () => {
    const all = await client.items('list_contractors');
    expect(all.length).toBeGreaterThan(0);
    const first = all[0]!;
    const named = await client.items('list_contractors', { filters: { 'name.exact': first.name as string } });
    expect(named.map((item) => item.id)).toContain(first.id);
    expectNarrowed(named, all, (item) => item.name === first.name);
    expect(dataOf(await client.callTool('get_contractor', { contractor_id: first.id }))).toEqual(first);
  });

  it('lists the contractors working on a project', async () => {
    const [one, other] = await client.items('list_projects');
    const ofOne = await client.items('list_contractors', { filters: { 'project.in': [one!.id] } });
    const ofOther = await client.items('list_contractors', { filters: { 'project.in': [other!.id] } });
    expect(ofOne.length).toBeGreaterThan(0);
    expect(ofOther.length).toBeGreaterThan(0);
    expect(ofOne.map((item) => item.id)).not.toEqual(ofOther.map((item) => item.id));
  });

  it('creates a contractor with a tax waiver when tax authority and tax number come with it', async () => {
    const created = dataOf<Item>(
      await client.callTool('create_contractor', {
        name: 'Hochbau Simmern GmbH',
        identifier: 'K-7781',
        city: 'Simmern',
        country: 'DE',
        vat_id: 'DE298877665',
        tax_authority: 'RHEINLAND_PALATINATE',
        tax_id: '40/123/45678',
        tax_waiver: { security_number: 'S-2026-0815' },
        accounts_payable_number: 70811,
      }),
    );
    expect(created).toMatchObject({
      type: 'CONTRACTOR',
      name: 'Hochbau Simmern GmbH',
      tax_authority: 'RHEINLAND_PALATINATE',
      accounts_payable_number: 70811,
      tax_waiver: expect.objectContaining({ security_number: 'S-2026-0815' }),
    });

    const moved = dataOf<Item>(await client.callTool('update_contractor', { contractor_id: created.id, city: 'Simmern' }));
    expect(moved).toMatchObject({ id: created.id, city: 'Simmern' });
  });

  it('changes bank details only once the user confirms: a preview first, the old IBAN masked', async () => {
    const [contractor] = await client.items('list_contractors', { filters: { 'name.exact': 'Hochbau Simmern GmbH' } });
    const before = dataOf<Item>(
      await client.callTool('update_contractor', { contractor_id: contractor!.id, iban: 'DE89370400440532013000' }),
    );
    // The first change is previewed too; commit it so there is an old IBAN to mask.
    await client.callTool('update_contractor', {
      contractor_id: contractor!.id,
      iban: 'DE89370400440532013000',
      confirmation: before.confirmation,
    });
    const args = { contractor_id: contractor!.id, iban: 'DE02120300000000202051', city: 'Kirchberg' };
    const preview = await client.callTool('update_contractor', args);
    const answer = dataOf<{
      status: string;
      confirmation: string;
      preview: { summary: string[] };
      warnings: Array<{ code: string }>;
    }>(preview);
    expect(answer.status).toBe('preview');
    expect(answer.preview.summary[0]).toBe(
      `Change the bank details of contractor "Hochbau Simmern GmbH" (id ${contractor!.id}): IBAN ******************3000 -> "DE02120300000000202051".`,
    );
    expect(answer.preview.summary).toContain('Also change city: "Simmern" -> "Kirchberg"');
    expect(answer.warnings.map((warning) => warning.code)).toEqual(['bank_details_change']);
    expect(textOf(preview)).not.toContain('DE89370400440532013000');
    // Nothing changed yet.
    expect(dataOf<Item>(await client.callTool('get_contractor', { contractor_id: contractor!.id }))).toMatchObject({
      iban: 'DE89370400440532013000',
      city: 'Simmern',
    });
    const updated = dataOf<Item>(await client.callTool('update_contractor', { ...args, confirmation: answer.confirmation }));
    expect(updated).toMatchObject({
      status: 'committed',
      id: contractor!.id,
      iban: 'DE02120300000000202051',
      city: 'Kirchberg',
      identifier: 'K-7781',
    });
  });

  it('refuses a tax waiver security number without tax authority and tax number before sending', async () => {
    const result = await client.callTool('create_contractor', {
      name: 'Ohne Steuer GmbH',
      tax_waiver: { security_number: 'S-1' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments for tool create_contractor[\s\S]*tax_authority and tax_id/);
    expect(await client.items('list_contractors', { filters: { 'name.exact': 'Ohne Steuer GmbH' } })).toHaveLength(0);
  });

  it('passes on the API refusal when an existing contractor lacks the tax data', async () => {
    const bare = dataOf<Item>(await client.callTool('create_contractor', { name: 'Trockenbau Mayer' }));
    const result = await client.callTool('update_contractor', { contractor_id: bare.id, tax_waiver: { security_number: 'S-2' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/update_contractor failed: the API answered HTTP 4\d\d[\s\S]*tax_authority and tax_id/);
  });

  it('uploads a tax waiver PDF and downloads it again, embedded', async () => {
    const contractor = dataOf<Item>(
      await client.callTool('create_contractor', {
        name: 'Elektro Kastellaun KG',
        tax_authority: 'RHEINLAND_PALATINATE',
        tax_id: '40/555/00011',
        tax_waiver: { security_number: 'S-2026-4711' },
      }),
    );
    const uploaded = dataOf<Item>(
      await client.callTool('upload_tax_waiver', {
        contractor_id: contractor.id,
        content_base64: PDF.toString('base64'),
        filename: 'Freistellung-2026.pdf',
      }),
    );
    expect(uploaded.filename).toEqual(expect.stringContaining('.pdf'));

    const download = await client.callTool('download_tax_waiver', { contractor_id: contractor.id });
    const facts = dataOf<{ size: number; sha256: string; content_type: string }>(download);
    expect(facts.size).toBe(PDF.length);
    expect(facts.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    expect(embedded(download).equals(PDF)).toBe(true);
  });

  it('refuses a tax waiver that is not a PDF, and local paths over HTTP without file roots', async () => {
    const [contractor] = await client.items('list_contractors');
    const notPdf = await client.callTool('upload_tax_waiver', {
      contractor_id: contractor!.id,
      content_base64: Buffer.from('hello').toString('base64'),
      filename: 'waiver.pdf',
    });
    expect(notPdf.isError).toBe(true);
    expect(textOf(notPdf)).toMatch(/content_base64: is not a valid PDF/);
    const local = await client.callTool('upload_tax_waiver', { contractor_id: contractor!.id, file_path: '/etc/hosts' });
    expect(local.isError).toBe(true);
    expect(textOf(local)).toMatch(/local files are not available/);
  });
});

describe('contracting entities', () => {
  it('lists, reads, creates and updates contracting entities', async () => {
    const all = await client.items('list_contracting_entities');
    expect(all.length).toBeGreaterThan(0);
    expect(dataOf(await client.callTool('get_contracting_entity', { contracting_entity_id: all[0]!.id }))).toEqual(all[0]);

    const created = dataOf<Item>(
      await client.callTool('create_contracting_entity', {
        name: 'Lindenhof Projekt GmbH & Co. KG',
        city: 'Mainz',
        commercial_register_type: 'HRA',
        commercial_register_number: '41234',
        register_court: 'Amtsgericht Mainz',
        tax_authority: 'RHEINLAND_PALATINATE',
      }),
    );
    expect(created).toMatchObject({
      type: 'CONTRACTING_ENTITY',
      name: 'Lindenhof Projekt GmbH & Co. KG',
      register_court: 'Amtsgericht Mainz',
    });

    const updated = dataOf<Item>(
      await client.callTool('update_contracting_entity', { contracting_entity_id: created.id, vat_id: 'DE311122233' }),
    );
    expect(updated).toMatchObject({ id: created.id, vat_id: 'DE311122233', city: 'Mainz' });
    expect(await client.items('list_contracting_entities', { filters: { 'name.contains': 'Lindenhof' } })).toContainEqual(
      updated,
    );
  });
});

describe('contacts', () => {
  it('lists, reads, creates and updates contacts', async () => {
    const all = await client.items('list_contacts');
    expect(all.length).toBeGreaterThan(0);
    expect(dataOf(await client.callTool('get_contact', { contact_id: all[0]!.id }))).toEqual(all[0]);

    const created = dataOf<Item>(
      await client.callTool('create_contact', {
        first_name: 'Jana',
        last_name: 'Becker',
        type: 'PRIVATE',
        salutation: 'FEMALE',
        title: 'DR',
        email: 'jana.becker@example.org',
      }),
    );
    expect(created).toMatchObject({
      type: 'CONTACT',
      contact_type: 'PRIVATE',
      first_name: 'Jana',
      last_name: 'Becker',
      title: 'DR',
      email: 'jana.becker@example.org',
    });

    const updated = dataOf<Item>(
      await client.callTool('update_contact', { contact_id: created.id, phone_number: '+49 6131 123456' }),
    );
    expect(updated).toMatchObject({ id: created.id, phone_number: '+49 6131 123456', last_name: 'Becker' });
    const beckers = await client.items('list_contacts', { filters: { 'last_name.exact': 'Becker' } });
    expect(beckers.map((item) => item.id)).toContain(created.id);
    expectNarrowed(beckers, await client.items('list_contacts'), (item) => item.last_name === 'Becker');
  });

  it('refuses a contact without its required names', async () => {
    const result = await client.callTool('create_contact', { first_name: 'Jana', type: 'PRIVATE' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/last_name: is required/);
  });
});
