import type { RouteSpec, SandboxRequest } from '../router.js';
import { esgList, type EsgResource } from './documents.js';
import type { FileEventRecord } from './records.js';
import { timeWindow } from './time-window.js';

/** Document dates are dates; the event feed writes them as date-times (midnight UTC). */
const asDateTime = (date: string | null) => (date === null ? null : `${date}T00:00:00Z`);

const fileEventResource: EsgResource<FileEventRecord> = {
  type: 'DOCUMENT_EVENT',
  label: 'Document event',
  table: (store) => store.esg.fileEvents,
  attributes: ({ event_type, timestamp, file }) => ({
    event_type,
    timestamp,
    source: file.source,
    record: {
      file_id: file.id,
      name: file.name,
      external_id: file.external_id,
      document_type: file.document_type,
      building_external_ids: file.building_external_ids,
      issued_at: asDateTime(file.issued_at),
      valid_until: asDateTime(file.valid_until),
    },
  }),
};

function listFileEvents(request: SandboxRequest) {
  const window = timeWindow(request, { from: 'start_time', to: 'end_time' });
  const events = request.store.esg.fileEvents.all().filter((event) => window.contains(event.timestamp));
  return esgList(fileEventResource, events, request);
}

export const fileEventRoutes: RouteSpec[] = [{ method: 'GET', path: '/file-events/', handler: listFileEvents }];
