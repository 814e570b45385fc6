import { capexToolsets } from './capex/toolsets.js';
import { esgToolsets } from './esg/toolsets.js';
import { finconToolsets } from './fincon/toolsets.js';
import { summaryToolsets } from './summaries/toolsets.js';

export interface ToolsetInfo {
  description: string;
  /** Part of the default surface: the daily work of the product. */
  daily: boolean;
}

/** Every toolset by name. Data only: flags and --help use it without loading the catalog. */
export const toolsets: Readonly<Record<string, ToolsetInfo>> = {
  ...finconToolsets,
  ...summaryToolsets,
  ...capexToolsets,
  ...esgToolsets,
};
