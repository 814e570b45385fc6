/**
 * ESG documents end to end (stdio, modern client): upload from a path inside --file-roots,
 * external id, metadata, download saved and embedded, the change feed, API-only edits, delete.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';
import { esgServer, expectRefusedBeforeSending, listOf, unique, type Item } from './esg-support.js';

const CONTENT = Buffer.from('Energieausweis Schlossstraße 1\nBedarfsausweis, Klasse B\n'.repeat(40), 'utf8');

describe('ESG files over stdio with a modern client', () => {
  let client: TestClient;
  let root: string;
  let building: Item & { external_id: string };
  let fileId: string;
  const externalId = unique('DOC');
  const started = new Date(Date.now() - 60_000).toISOString();

  beforeAll(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'pfm-esg-files-')));
    await writeFile(join(root, 'energieausweis.txt'), CONTENT);
    client = await connect('stdio', 'modern', esgServer(['--file-roots', root]));
    building = (await listOf(client, 'esg_list_buildings')).find((candidate) => candidate.external_id) as typeof building;
  });
  afterAll(async () => {
    await client?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('uploads a file from a path inside the file roots', async () => {
    const result = await client.callTool('esg_upload_file', { file_path: join(root, 'energieausweis.txt') });
    const uploaded = dataOf<Item>(result);
    expect(uploaded).toMatchObject({ type: 'FILE', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    fileId = uploaded.id;
  });

  it('refuses paths outside the file roots and a second source before sending', async () => {
    expectRefusedBeforeSending(
      await client.callTool('esg_upload_file', { file_path: '/etc/hostname' }),
      /file_path: .*(inside the allowed file roots|no file at)/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_upload_file', { file_path: 'energieausweis.txt', content_base64: 'AAAA', filename: 'x.txt' }),
      /give exactly one of file_path or content_base64/,
    );
  });

  it('gives the file an external id, then reads and updates its metadata by it', async () => {
    const set = dataOf<Item>(await client.callTool('esg_set_file_external_id', { file_id: fileId, external_id: externalId }));
    expect(set).toMatchObject({ type: 'FILE_EXTERNAL_ID', external_id: externalId, file_id: fileId });

    const metadata = dataOf<Item>(await client.callTool('esg_get_file_metadata', { external_id: externalId }));
    expect(metadata).toMatchObject({ type: 'FILE_METADATA', file_id: fileId, external_id: externalId, source: 'API' });

    const updated = dataOf<Item>(
      await client.callTool('esg_update_file_metadata', {
        external_id: externalId,
        name: 'Energieausweis 2026',
        document_type: 'ENERGY_CERTIFICATE',
        building_external_id: building.external_id,
      }),
    );
    expect(updated).toMatchObject({
      file_id: fileId,
      name: 'Energieausweis 2026',
      document_type: 'ENERGY_CERTIFICATE',
      building_external_ids: [building.external_id],
    });

    expectRefusedBeforeSending(
      await client.callTool('esg_update_file_metadata', { external_id: externalId, document_type: 'INVOICE' }),
      /document_type: must be one of ENERGY_CERTIFICATE/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_update_file_metadata', { external_id: externalId }),
      /at least one of name/,
    );
  });

  it('downloads the file to save_to inside the file roots, without API credentials on the link', async () => {
    const target = join(root, 'download.txt');
    const result = await client.callTool('esg_download_file', { file_id: fileId, save_to: target });
    const saved = dataOf<Item & { metadata: Item }>(result);
    expect(saved).toMatchObject({
      saved_to: target,
      size: CONTENT.length,
      sha256: createHash('sha256').update(CONTENT).digest('hex'),
    });
    expect(saved.metadata).toMatchObject({ file_id: fileId, external_id: externalId });
    expect(await readFile(target)).toEqual(CONTENT);
    expect(textOf(result)).toContain(`to ${target}`);

    expectRefusedBeforeSending(
      await client.callTool('esg_download_file', { file_id: fileId, save_to: target }),
      /save_to: .*already exists/,
    );
  });

  it('downloads the file embedded when no save_to is given', async () => {
    const result = await client.callTool('esg_download_file', { file_id: fileId });
    const embedded = result.content.find((block) => block.type === 'resource') as unknown as {
      resource: { blob: string; mimeType: string };
    };
    expect(Buffer.from(embedded.resource.blob, 'base64')).toEqual(CONTENT);
    expect(dataOf(result)).toMatchObject({ size: CONTENT.length });
    expect(dataOf(result).saved_to).toBeUndefined();
  });

  it('reports the upload and the metadata change in the document event feed', async () => {
    const events = await listOf(client, 'esg_list_file_events', {
      start_time: started,
      end_time: new Date(Date.now() + 60_000).toISOString(),
    });
    const ours = events.filter((event) => (event.record as Item).file_id === fileId);
    expect(ours.map((event) => event.event_type)).toEqual(expect.arrayContaining(['CREATE', 'UPDATE']));
    expect(ours[0]).toMatchObject({ type: 'DOCUMENT_EVENT', source: 'API' });

    expectRefusedBeforeSending(
      await client.callTool('esg_list_file_events', { start_time: '2026-11-01', end_time: '2026-11-02T00:00:00Z' }),
      /start_time: must be an ISO 8601 date-time/,
    );
  });

  it('refuses metadata changes and deletion of documents added in the application', async () => {
    const events = await listOf(client, 'esg_list_file_events', {
      start_time: '2000-01-01T00:00:00Z',
      end_time: new Date(Date.now() + 60_000).toISOString(),
    });
    const appFile = events
      .map((event) => ({ source: event.source, record: event.record as Item }))
      .find(({ source, record }) => source !== 'API' && record.external_id);
    expect(appFile).toBeDefined();
    const appExternalId = appFile!.record.external_id as string;

    const update = await client.callTool('esg_update_file_metadata', { external_id: appExternalId, name: 'Umbenannt' });
    expect(update.isError).toBe(true);
    expect(textOf(update)).toMatch(/HTTP 4\d\d/);
    expect(textOf(update)).toMatch(/only files uploaded through the API/i);
    const removal = await client.callTool('esg_delete_file', { external_id: appExternalId });
    expect(removal.isError).toBe(true);
    expect(textOf(removal)).toMatch(/HTTP 4\d\d/);
    expect(textOf(removal)).toMatch(/only files uploaded through the API/i);
    expect(dataOf(await client.callTool('esg_get_file_metadata', { external_id: appExternalId }))).toMatchObject({
      external_id: appExternalId,
    });
  });

  it('deletes an API-uploaded file and its metadata', async () => {
    const removed = await client.callTool('esg_delete_file', { external_id: externalId });
    expect(dataOf(removed)).toEqual({ done: 'File deleted' });
    const gone = await client.callTool('esg_get_file_metadata', { external_id: externalId });
    expect(gone.isError).toBe(true);
    expect(textOf(gone)).toContain('HTTP 404');
  });
});
