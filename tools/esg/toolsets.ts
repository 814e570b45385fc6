/** The ESG toolsets. Data only, so flags can be checked without the catalog. */
import type { ToolsetInfo } from '../toolset-info.js';

/**
 * Daily: finding buildings and meters, and recording readings and consumption, the
 * recurring work of ESG data collection. Meter setup, tenants, documents and the audit
 * trail are occasional and stay opt-in (--toolsets), which keeps tools/list small.
 */
export const esgToolsets: Readonly<Record<string, ToolsetInfo>> = {
  esg_buildings: { description: 'ESG buildings: list, custom data, CO2 analysis, their utility meters', daily: true },
  esg_consumption: {
    description: 'ESG meter readings, consumption intervals, annual consumption and data batches',
    daily: true,
  },
  esg_meters: { description: 'ESG utility meters: create, update, import by address', daily: false },
  esg_tenants: { description: 'ESG tenants: upsert, attachments, links to annual consumption', daily: false },
  esg_files: { description: 'ESG documents: upload, download, metadata, delete, change feed', daily: false },
  esg_audit: { description: 'ESG audit trail: table-level and user events, 24 hours per call', daily: false },
};
