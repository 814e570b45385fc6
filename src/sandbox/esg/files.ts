import { z } from 'zod';
import { ApiError, parameter, pointer } from '../envelope.js';
import { literal, oneOf, str } from '../fields.js';
import { readUpload } from '../files/uploads.js';
import { findOr404 } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody, parseQuery } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { esgDocument, esgOne, type EsgResource } from './documents.js';
import { DOCUMENT_TYPES, type DocumentEventType } from './enums.js';
import { buildingByExternalId, fileByExternalId } from './lookups.js';
import { metadataOf, type FileRecord } from './records.js';
import { Write } from './writes.js';

/*
 * Documents. Uploads through the API are API-sourced; their metadata can be changed and they
 * can be deleted through the API, documents added in the app or by a survey cannot. Every
 * change also lands in the document event feed (GET /file-events/).
 */

function metadataAttributes(file: FileRecord) {
  return {
    file_id: file.id,
    name: file.name,
    external_id: file.external_id,
    source: file.source,
    document_type: file.document_type,
    building_external_ids: file.building_external_ids,
    issued_at: file.issued_at,
    valid_until: file.valid_until,
  };
}

const fileResource: EsgResource<FileRecord> = {
  type: 'FILE',
  label: 'File',
  table: (store) => store.esg.files,
  attributes: (file, { store }) => ({
    ...metadataAttributes(file),
    download_url: store.storage.link(file.content, { filename: file.name ?? file.content.filename }),
  }),
};

const metadataResource: EsgResource<FileRecord> = { ...fileResource, type: 'FILE_METADATA', attributes: metadataAttributes };

const externalIdResource: EsgResource<FileRecord> = {
  ...fileResource,
  type: 'FILE_EXTERNAL_ID',
  attributes: (file) => ({ file_id: file.id, external_id: file.external_id }),
};

/** Reports a change of a document in the document event feed, at the time of the write. */
function documentEvent(store: Store, write: Write, eventType: DocumentEventType, file: FileRecord): void {
  store.esg.fileEvents.insert({ id: store.newId(), event_type: eventType, timestamp: write.at, file: metadataOf(file) });
}

async function uploadFile(request: SandboxRequest) {
  const { file: content } = await readUpload(request, { fileField: 'file' });
  const { store } = request;
  const write = new Write(store);
  const file = write.insert(AUDITED.files, {
    name: content.filename,
    external_id: null,
    source: 'API',
    document_type: 'UNSET',
    building_external_ids: [],
    issued_at: null,
    valid_until: null,
    content,
  });
  documentEvent(store, write, 'CREATE', file);
  return esgDocument({ id: file.id, type: 'FILE', attributes: null, relationships: null }, 201);
}

function fileOf(request: SandboxRequest): FileRecord {
  return findOr404(fileResource, request.store, request.params.file_id as string, 'file_id');
}

const externalIdBody = z.object({
  data: z.object({ type: literal('FILE_EXTERNAL_ID').optional(), attributes: z.object({ external_id: str() }) }),
});

/** Sets the external id once; a file that has one keeps it (the answer shows the one it has). */
function setExternalId(request: SandboxRequest) {
  const { external_id } = parseBody(externalIdBody, request.json()).data.attributes;
  const { store } = request;
  const file = fileOf(request);
  if (file.external_id === null) {
    const holder = fileByExternalId(store, external_id);
    if (holder) {
      throw new ApiError(
        409,
        `File ${holder.id} already has the external id '${external_id}'.`,
        pointer('data', 'attributes', 'external_id'),
      );
    }
    const write = new Write(store);
    documentEvent(store, write, 'UPDATE', write.update(AUDITED.files, file, { external_id }));
  }
  return esgOne(externalIdResource, file, request);
}

const byExternalId = z.object({ external_id: str() });

function fileByQuery(request: SandboxRequest): FileRecord {
  const { external_id } = parseQuery(byExternalId, request.url.searchParams);
  const file = fileByExternalId(request.store, external_id);
  if (!file) throw new ApiError(404, `No file has the external id '${external_id}'.`, parameter('external_id'));
  return file;
}

/** Only documents uploaded through the API may be changed or deleted through it. */
function apiSourced(file: FileRecord, action: string): FileRecord {
  if (file.source !== 'API') {
    throw new ApiError(
      403,
      `File '${file.external_id}' was added through ${file.source === 'APP' ? 'the app' : 'a survey'} (source ${file.source}); only files uploaded through the API can ${action} through the API.`,
      parameter('external_id'),
    );
  }
  return file;
}

const metadataBody = z.object({
  data: z.object({
    type: literal('FILE_METADATA').optional(),
    attributes: z.object({
      name: str().nullable().optional(),
      document_type: oneOf(DOCUMENT_TYPES).nullable().optional(),
      building_external_id: str().nullable().optional(),
    }),
  }),
});

/**
 * Changes what the body sends (null changes nothing); a building replaces the document's buildings.
 * Like the audit feeds, the document event feed shows an update only when something changed.
 */
function patchMetadata(request: SandboxRequest) {
  const { name, document_type, building_external_id } = parseBody(metadataBody, request.json()).data.attributes;
  const { store } = request;
  const file = apiSourced(fileByQuery(request), 'have their metadata changed');
  if (building_external_id != null && !buildingByExternalId(store, building_external_id)) {
    throw new ApiError(
      404,
      `No building has the external id '${building_external_id}'.`,
      pointer('data', 'attributes', 'building_external_id'),
    );
  }
  const write = new Write(store);
  const changed = write.change(AUDITED.files, file, {
    name: name ?? undefined,
    document_type: document_type ?? undefined,
    building_external_ids: building_external_id == null ? undefined : [building_external_id],
  });
  if (changed) documentEvent(store, write, 'UPDATE', file);
  return esgOne(metadataResource, file, request);
}

async function deleteFile(request: SandboxRequest) {
  const { store } = request;
  const file = apiSourced(fileByQuery(request), 'be deleted');
  const write = new Write(store);
  write.remove(AUDITED.files, file);
  documentEvent(store, write, 'DELETE', file);
  await store.files.remove(file.content);
  return { status: 204 };
}

export const fileRoutes: RouteSpec[] = [
  { method: 'POST', path: '/files/', handler: uploadFile },
  { method: 'DELETE', path: '/files/', handler: deleteFile },
  { method: 'GET', path: '/files/metadata/', handler: (request) => esgOne(metadataResource, fileByQuery(request), request) },
  { method: 'PATCH', path: '/files/metadata/', handler: patchMetadata },
  { method: 'GET', path: '/files/{file_id}/', handler: (request) => esgOne(fileResource, fileOf(request), request) },
  { method: 'POST', path: '/files/{file_id}/external-id/', handler: setExternalId },
];
