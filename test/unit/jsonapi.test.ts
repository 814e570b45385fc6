import { describe, expect, it } from 'vitest';
import { flattenResource } from '../../src/shape/jsonapi.js';

describe('flattenResource', () => {
  it('lifts attributes, drops empty values and keeps related ids', () => {
    const flat = flattenResource({
      id: 'i1',
      type: 'INVOICE',
      attributes: { external_identifier: '2026-118', contract: 'c1', payment_comment: null, internal_identifier: '' },
      relationships: {
        contract: { data: { id: 'c1', type: 'CONTRACT' } },
        project: { data: { id: 'p1', type: 'PROJECT' } },
        tags: {
          data: [
            { id: 't1', type: 'TAG' },
            { id: 't2', type: 'TAG' },
          ],
        },
        documents: { links: { related: 'https://example/documents/' } } as never,
      },
    });
    expect(flat).toEqual({
      id: 'i1',
      type: 'INVOICE',
      external_identifier: '2026-118',
      contract: 'c1',
      project_id: 'p1',
      tag_ids: ['t1', 't2'],
    });
  });
});
