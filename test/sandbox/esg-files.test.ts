import { FormData, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { call, CREDENTIALS, get, patch, post, useSandbox, type ApiResponse, type Json } from './helpers.js';

const sandbox = useSandbox();
const esg = () => sandbox.handle.baseUrls.esg;

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${++counter}`;

const CONTENT = Buffer.from('Verbrauchsabrechnung 2025\nStrom: 61.234 kWh\n'.repeat(50), 'utf8');

async function upload(content: Buffer = CONTENT, filename = 'abrechnung.txt'): Promise<ApiResponse> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/plain' }), filename);
  const response = await request(`${esg()}/files/`, { method: 'POST', headers: CREDENTIALS, body: form });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

async function uploadWithExternalId(): Promise<{ id: string; externalId: string }> {
  const { id } = (await upload()).body.data;
  const externalId = fresh('DMS-TEST');
  await post(`${esg()}/files/${id}/external-id/`, { data: { attributes: { external_id: externalId } } });
  return { id, externalId };
}

const metadataUrl = (externalId: string) => `${esg()}/files/metadata/?external_id=${encodeURIComponent(externalId)}`;
const updateMetadata = (externalId: string, attributes: Record<string, unknown>) =>
  patch(metadataUrl(externalId), { data: { attributes } });
const remove = (externalId: string) =>
  call(`${esg()}/files/?external_id=${encodeURIComponent(externalId)}`, { method: 'DELETE' });

/** The last minute up to a minute from now: covers everything this file's tests change. */
function recently(): string {
  const start = new Date(Date.now() - 10 * 60_000).toISOString();
  const end = new Date(Date.now() + 60_000).toISOString();
  return `start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}`;
}

describe('POST /files/', () => {
  it('stores the uploaded file (any format) and answers 201 with its id', async () => {
    const response = await upload();
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'FILE',
      attributes: null,
      relationships: null,
    });
  });

  it('shows the upload in both audit feeds by its metadata, without the stored content', async () => {
    const { id } = (await upload()).body.data;
    const window = `start=${encodeURIComponent(new Date(Date.now() - 10 * 60_000).toISOString())}&end=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;
    const raw = (await get(`${esg()}/raw-audit/?${window}`)).body.data.filter(
      (event: Json) => event.attributes.table_name === 'document' && event.attributes.record?.id === id,
    );
    expect(raw).toHaveLength(1);
    expect(raw[0].attributes.record).toEqual({
      id,
      name: 'abrechnung.txt',
      external_id: null,
      source: 'API',
      document_type: 'UNSET',
      building_external_ids: [],
      issued_at: null,
      valid_until: null,
    });
    const user = (await get(`${esg()}/raw-user-audit/?${window}`)).body.data.filter(
      (event: Json) => event.attributes.entity_id === id,
    );
    expect(user.map((event: Json) => event.attributes.event_type)).toEqual(['document.created']);
    expect(user[0].attributes.new).toEqual(raw[0].attributes.record);
    expect(user[0].attributes.new).not.toHaveProperty('content');
  });

  it('answers 422 without a file part', async () => {
    const form = new FormData();
    form.append('name', 'x');
    const response = await request(`${esg()}/files/`, { method: 'POST', headers: CREDENTIALS, body: form });
    expect(response.statusCode).toBe(422);
    expect(((await response.body.json()) as Json).detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'file'] });
  });
});

describe('GET /files/{file_id}/', () => {
  it('answers the metadata with a download link to the storage host, which serves the bytes without credentials', async () => {
    const { id } = (await upload(CONTENT, 'Zählerstände.txt')).body.data;
    const response = await get(`${esg()}/files/${id}/`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id,
      type: 'FILE',
      attributes: {
        file_id: id,
        name: 'Zählerstände.txt',
        source: 'API',
        external_id: null,
        document_type: 'UNSET',
        building_external_ids: [],
        issued_at: null,
        valid_until: null,
      },
    });
    const link: string = response.body.data.attributes.download_url;
    expect(link.startsWith(`${sandbox.handle.storageOrigin}/`)).toBe(true);

    const download = await request(link);
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(await download.body.arrayBuffer())).toEqual(CONTENT);
    const withCredentials = await request(link, { headers: CREDENTIALS });
    expect(withCredentials.statusCode).toBe(400);
    await withCredentials.body.dump();
  });

  it('serves seeded documents as PDFs', async () => {
    const { id } = (await get(metadataUrl('DMS-2025-00871'))).body.data;
    const link = (await get(`${esg()}/files/${id}/`)).body.data.attributes.download_url;
    const download = await request(link);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await download.body.text()).startsWith('%PDF-')).toBe(true);
  });

  it('answers 404 for an unknown file', async () => {
    expect((await get(`${esg()}/files/00000000-0000-4000-8000-000000000009/`)).status).toBe(404);
  });
});

describe('POST /files/{file_id}/external-id/', () => {
  it('sets the external id once; a second one has no effect', async () => {
    const { id } = (await upload()).body.data;
    const externalId = fresh('DMS');
    const first = await post(`${esg()}/files/${id}/external-id/`, {
      data: { type: 'FILE_EXTERNAL_ID', attributes: { external_id: externalId } },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      id,
      type: 'FILE_EXTERNAL_ID',
      attributes: { file_id: id, external_id: externalId },
      relationships: null,
    });
    const second = await post(`${esg()}/files/${id}/external-id/`, { data: { attributes: { external_id: 'ANDERS' } } });
    expect(second.status).toBe(200);
    expect(second.body.data.attributes.external_id).toBe(externalId);
  });

  it('refuses an external id another file has', async () => {
    const { id } = (await upload()).body.data;
    const response = await post(`${esg()}/files/${id}/external-id/`, { data: { attributes: { external_id: 'DMS-2025-00871' } } });
    expect(response.status).toBe(409);
  });
});

describe('GET /files/metadata/', () => {
  it('answers the metadata by external id, for documents of every source', async () => {
    const app = await get(metadataUrl('APP-EA-FFM-2021'));
    expect(app.status).toBe(200);
    expect(app.body.data).toMatchObject({
      type: 'FILE_METADATA',
      attributes: {
        external_id: 'APP-EA-FFM-2021',
        source: 'APP',
        document_type: 'ENERGY_CERTIFICATE',
        building_external_ids: ['BLD-FFM-001'],
        issued_at: '2021-03-15',
        valid_until: '2031-03-14',
      },
    });
    expect(app.body.data.attributes).not.toHaveProperty('download_url');
    expect((await get(metadataUrl('SURVEY-FFM-2025'))).body.data.attributes.source).toBe('SURVEY');
  });

  it('answers 422 without external_id and 404 for an unknown one', async () => {
    const missing = await get(`${esg()}/files/metadata/`);
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([{ type: 'missing', loc: ['query', 'external_id'], msg: 'Field required', input: null }]);
    expect((await get(metadataUrl('NOT-THERE'))).status).toBe(404);
  });
});

describe('PATCH /files/metadata/', () => {
  it('changes name, document type and building of an API document', async () => {
    const { id, externalId } = await uploadWithExternalId();
    const response = await updateMetadata(externalId, {
      name: 'Stromabrechnung 2025',
      document_type: 'UTILITY_BILL',
      building_external_id: 'BLD-CGN-004',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id,
      type: 'FILE_METADATA',
      attributes: {
        file_id: id,
        name: 'Stromabrechnung 2025',
        document_type: 'UTILITY_BILL',
        building_external_ids: ['BLD-CGN-004'],
      },
    });
    const partial = await updateMetadata(externalId, { name: 'Stromabrechnung 2025 (final)' });
    expect(partial.body.data.attributes).toMatchObject({ name: 'Stromabrechnung 2025 (final)', document_type: 'UTILITY_BILL' });
  });

  it.each(['APP-EA-FFM-2021', 'SURVEY-FFM-2025'])(
    'refuses to change %s, which did not come through the API',
    async (externalId) => {
      const response = await updateMetadata(externalId, { name: 'Umbenannt' });
      expect(response.status).toBe(403);
      expect(response.body.errors[0].detail).toMatch(/only files uploaded through the API/);
      expect((await get(metadataUrl(externalId))).body.data.attributes.name).not.toBe('Umbenannt');
    },
  );

  it('refuses an unknown building and a bad document type', async () => {
    const { externalId } = await uploadWithExternalId();
    expect((await updateMetadata(externalId, { building_external_id: 'BLD-NOWHERE' })).status).toBe(404);
    const badType = await updateMetadata(externalId, { document_type: 'INVOICE' });
    expect(badType.status).toBe(422);
    expect(badType.body.detail[0]).toMatchObject({ type: 'enum', loc: ['body', 'data', 'attributes', 'document_type'] });
  });
});

describe('DELETE /files/', () => {
  it('deletes an API document and its bytes (204)', async () => {
    const { id, externalId } = await uploadWithExternalId();
    const link = (await get(`${esg()}/files/${id}/`)).body.data.attributes.download_url;
    const response = await remove(externalId);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await get(metadataUrl(externalId))).status).toBe(404);
    expect((await get(`${esg()}/files/${id}/`)).status).toBe(404);
    const stale = await request(link);
    expect(stale.statusCode).toBe(404);
    await stale.body.dump();
  });

  it('refuses to delete a document added in the app', async () => {
    const response = await remove('APP-EA-FFM-2021');
    expect(response.status).toBe(403);
    expect((await get(metadataUrl('APP-EA-FFM-2021'))).status).toBe(200);
  });

  it('answers 422 without external_id', async () => {
    expect((await call(`${esg()}/files/`, { method: 'DELETE' })).status).toBe(422);
  });
});

describe('GET /file-events/', () => {
  it('reports creates, updates and deletes made through the API, oldest first', async () => {
    const { id, externalId } = await uploadWithExternalId();
    await updateMetadata(externalId, { document_type: 'TENANT_LEASE' });
    await remove(externalId);
    const response = await get(`${esg()}/file-events/?${recently()}`);
    expect(response.status).toBe(200);
    expect(response.body.links).toEqual({ next: null, prev: null });
    const ours = response.body.data.filter((event: Json) => event.attributes.record.file_id === id);
    expect(ours.map((event: Json) => event.attributes.event_type)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
    expect(ours[0]).toMatchObject({
      type: 'DOCUMENT_EVENT',
      attributes: { source: 'API', record: { external_id: null, document_type: 'UNSET' } },
    });
    expect(ours[1].attributes.record.external_id).toBe(externalId);
    expect(ours[3].attributes.record).toMatchObject({ external_id: externalId, document_type: 'TENANT_LEASE' });
    const times = response.body.data.map((event: Json) => Date.parse(event.attributes.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('reports no update for a metadata change that changes nothing', async () => {
    const { id, externalId } = await uploadWithExternalId();
    expect((await updateMetadata(externalId, { document_type: 'TENANT_LEASE' })).status).toBe(200);
    const unchanged = await updateMetadata(externalId, { document_type: 'TENANT_LEASE', name: null });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data.attributes.document_type).toBe('TENANT_LEASE');
    const events = (await get(`${esg()}/file-events/?${recently()}`)).body.data.filter(
      (event: Json) => event.attributes.record.file_id === id,
    );
    expect(events.map((event: Json) => event.attributes.event_type)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
  });

  it('has the seeded history, with document dates as date-times', async () => {
    const response = await get(`${esg()}/file-events/?start_time=2026-05-01T00:00:00Z&end_time=2026-07-01T00:00:00Z`);
    const events = response.body.data;
    expect(events).toHaveLength(15);
    expect(new Set(events.map((event: Json) => event.attributes.source))).toEqual(new Set(['APP', 'API', 'SURVEY']));
    expect(events.filter((event: Json) => event.attributes.event_type === 'DELETE')).toHaveLength(1);
    const certificate = events.find((event: Json) => event.attributes.record.external_id === 'APP-EA-FFM-2021');
    expect(certificate.attributes.record).toMatchObject({
      issued_at: '2021-03-15T00:00:00Z',
      valid_until: '2031-03-14T00:00:00Z',
    });
  });

  it('answers 422 for missing or malformed times and 400 for a reversed range', async () => {
    const missing = await get(`${esg()}/file-events/?start_time=2026-05-01T00:00:00Z`);
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([{ type: 'missing', loc: ['query', 'end_time'], msg: 'Field required', input: null }]);
    const malformed = await get(`${esg()}/file-events/?start_time=gestern&end_time=2026-05-01T00:00:00Z`);
    expect(malformed.body.detail[0]).toMatchObject({ type: 'datetime_from_date_parsing', loc: ['query', 'start_time'] });
    const reversed = await get(`${esg()}/file-events/?start_time=2026-05-02T00:00:00Z&end_time=2026-05-01T00:00:00Z`);
    expect(reversed.status).toBe(400);
  });
});
