/** Documents of buildings: upload, download, external ids, metadata, deletion and the change feed. */
import { z } from 'zod';
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, isoDateTime, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { esg } from '../scope.js';
import { declarer } from '../kit.js';
import { DOCUMENT_TYPES, externalBuildingId, externalId } from './common.js';

const fileAttributes = {
  file_id: out.id,
  external_id: out.text,
  name: out.text,
  document_type: out.text,
  source: out.text,
  building_external_ids: out.texts,
  issued_at: out.date,
  valid_until: out.date,
};

const uploadedView: ResourceView = {
  type: 'FILE',
  singular: 'file',
  plural: 'files',
  label: ['name', 'id'],
  columns: [],
  schema: resourceSchema(fileAttributes),
};

const externalIdView: ResourceView = {
  type: 'FILE_EXTERNAL_ID',
  singular: 'file external id',
  plural: 'file external ids',
  label: ['external_id'],
  columns: ['file_id'],
  schema: resourceSchema({ external_id: out.text, file_id: out.id }),
};

const metadataView: ResourceView = {
  type: 'FILE_METADATA',
  singular: 'file',
  plural: 'files',
  label: ['name', 'external_id'],
  columns: ['external_id', 'document_type', 'source', 'building_external_ids', 'file_id'],
  schema: resourceSchema(fileAttributes),
};

const eventView: ResourceView = {
  type: 'DOCUMENT_EVENT',
  singular: 'document event',
  plural: 'document events',
  label: ['event_type'],
  columns: ['timestamp', 'source', 'record'],
  schema: resourceSchema({
    event_type: out.text,
    timestamp: out.dateTime,
    source: out.text,
    record: z.looseObject({ file_id: out.id.optional(), external_id: out.text.nullable().optional() }),
  }),
};

const fileExternalId = () => externalId('Set with esg_set_file_external_id');
const apiOnly = 'Only files uploaded through the API can be changed this way.';
const declare = declarer(esg, 'files');

export const fileOperations = [
  declare({
    name: 'upload_file',
    title: 'Upload a document',
    description:
      'Uploads a document (any format), returning its file id; give it an external id next with esg_set_file_external_id.',
    method: 'POST',
    path: '/files/',
    hints: hints.append,
    upload: { fileField: 'file', pdfOnly: false },
    result: uploadedView,
  }),
  declare({
    name: 'download_file',
    title: 'Download a document',
    description: 'Downloads a document by file id, with its metadata.',
    method: 'GET',
    path: '/files/{file_id}/',
    hints: hints.read,
    args: { file_id: uuid('The file id', 'esg_upload_file or esg_list_file_events') },
    result: { kind: 'file', linkAttribute: 'download_url' },
  }),
  declare({
    name: 'set_file_external_id',
    title: 'Set the external id of a file',
    description: 'Gives a file your external id for the metadata and delete tools; no effect if it has one.',
    method: 'POST',
    path: '/files/{file_id}/external-id/',
    hints: hints.append,
    args: { file_id: uuid('The file id', 'esg_upload_file'), external_id: externalId('Your id for the file') },
    body: { type: 'FILE_EXTERNAL_ID', attributes: ['external_id'] },
    result: externalIdView,
  }),
  declare({
    name: 'get_file_metadata',
    title: 'Get the metadata of a file',
    description: 'Returns name, type, source, buildings and validity of a file by its external id.',
    method: 'GET',
    path: '/files/metadata/',
    hints: hints.read,
    args: { external_id: fileExternalId() },
    query: ['external_id'],
    result: metadataView,
  }),
  declare({
    name: 'update_file_metadata',
    title: 'Update the metadata of a file',
    description: `Changes name, type or building of a file by its external id. ${apiOnly}`,
    method: 'PATCH',
    path: '/files/metadata/',
    hints: hints.overwrite,
    args: {
      external_id: fileExternalId(),
      name: text().optional(),
      document_type: choice(DOCUMENT_TYPES, 'Kind of document, e.g. UTILITY_BILL or ENERGY_CERTIFICATE').optional(),
      building_external_id: externalBuildingId().optional(),
    },
    query: ['external_id'],
    partialUpdate: true,
    body: { type: 'FILE_METADATA', attributes: ['name', 'document_type', 'building_external_id'] },
    onConflict: apiOnly,
    result: metadataView,
  }),
  declare({
    name: 'delete_file',
    title: 'Delete a file',
    description: `Deletes a file by its external id. ${apiOnly}`,
    method: 'DELETE',
    path: '/files/',
    hints: hints.remove,
    args: { external_id: fileExternalId() },
    query: ['external_id'],
    onConflict: apiOnly,
    result: { kind: 'empty', done: 'File deleted' },
  }),
  declare({
    name: 'list_file_events',
    title: 'List document events',
    description: 'Lists documents created, updated or deleted in a period, with file id, external id, source and type.',
    method: 'GET',
    path: '/file-events/',
    hints: hints.read,
    args: {
      start_time: isoDateTime(),
      end_time: isoDateTime(),
    },
    query: ['start_time', 'end_time'],
    list: {},
    result: eventView,
  }),
];
