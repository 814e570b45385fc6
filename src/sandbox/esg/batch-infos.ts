import { z } from 'zod';
import { literal, str } from '../fields.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { esgOne, type EsgResource } from './documents.js';
import type { Rule, RuleViolation } from './errors.js';
import type { BatchInfoRecord } from './records.js';
import { Write } from './writes.js';

const batchInfoResource: EsgResource<BatchInfoRecord> = {
  type: 'UTILITY_DATA_BATCH_INFO',
  label: 'Utility data batch info',
  table: (store) => store.esg.batchInfos,
  attributes: (batch) => ({
    data_source_label: batch.data_source_label,
    data_source_value: batch.data_source_value,
    external_id: batch.external_id,
  }),
};

const createBody = z.object({
  data: z.object({
    type: literal('UTILITY_DATA_BATCH_INFO').optional(),
    attributes: z.object({
      data_source_label: str(),
      data_source_value: str(),
      external_id: str().nullable().optional(),
    }),
  }),
});

/** Batch infos are immutable: created once, then only referenced. */
function createBatchInfo(request: SandboxRequest) {
  const { attributes } = parseBody(createBody, request.json()).data;
  const batch = new Write(request.store).insert(AUDITED.batchInfos, {
    ...attributes,
    external_id: attributes.external_id ?? null,
  });
  return esgOne(batchInfoResource, batch, request, 201);
}

/** A `batch_info_uuid` that names no batch info breaks `rule` (each family has its own code). */
export function batchInfoViolations(store: Store, uuid: string | null | undefined, rule: Rule): RuleViolation[] {
  if (uuid == null || store.esg.batchInfos.get(uuid)) return [];
  return [
    {
      rule,
      field: 'batch_info_uuid',
      msg: `No utility data batch info ${uuid} exists; create one with POST /utility-data-batch-info/ first.`,
    },
  ];
}

export const batchInfoRoutes: RouteSpec[] = [{ method: 'POST', path: '/utility-data-batch-info/', handler: createBatchInfo }];
