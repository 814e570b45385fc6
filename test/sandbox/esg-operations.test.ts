import { describe, expect, it } from 'vitest';
import { sandboxOperations } from '../../src/sandbox/index.js';

/** Every operation of the ESG API's OpenAPI description (July 2026 copy), as method and path template. */
const ESG_OPERATIONS = [
  ['GET', '/buildings/'],
  ['GET', '/buildings/{building_uuid}/analysis-result/'],
  ['GET', '/buildings/{building_uuid}/custom-data/'],
  ['GET', '/buildings/{building_uuid}/utility-meters/'],
  ['POST', '/buildings/{building_uuid}/utility-meters/{meter_uuid}/readings/'],
  ['POST', '/consumption-intervals/'],
  ['POST', '/consumption-intervals/bulk-partial/'],
  ['POST', '/consumption-intervals/bulk/'],
  ['GET', '/consumption/annual/'],
  ['PATCH', '/consumption/annual/{annual_consumption_id}/'],
  ['GET', '/file-events/'],
  ['DELETE', '/files/'],
  ['POST', '/files/'],
  ['GET', '/files/metadata/'],
  ['PATCH', '/files/metadata/'],
  ['GET', '/files/{file_id}/'],
  ['POST', '/files/{file_id}/external-id/'],
  ['POST', '/meter-readings/'],
  ['POST', '/meter-readings/bulk/'],
  ['GET', '/raw-audit/'],
  ['GET', '/raw-user-audit/'],
  ['DELETE', '/tenant-consumption-links/'],
  ['POST', '/tenant-consumption-links/'],
  ['POST', '/tenants/'],
  ['POST', '/tenants/{external_tenant_id}/attachments/'],
  ['POST', '/utility-data-batch-info/'],
  ['POST', '/utility-meters/'],
  ['POST', '/utility-meters/bulk-import-partial/'],
  ['POST', '/utility-meters/import/'],
  ['PATCH', '/utility-meters/{meter_external_id}/'],
] as const;

describe('the ESG operations the sandbox serves', () => {
  it('are exactly the 30 of the OpenAPI description, with its path templates (aliases are not listed)', () => {
    const served = sandboxOperations()
      .filter((operation) => operation.product === 'esg')
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(served.sort()).toEqual(ESG_OPERATIONS.map(([method, path]) => `${method} ${path}`).sort());
  });
});
