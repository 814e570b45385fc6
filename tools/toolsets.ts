import { capexToolsets } from './capex/toolsets.js';
import { esgToolsets } from './esg/toolsets.js';
import { finconToolsets } from './fincon/toolsets.js';
import { summaryToolsets } from './summaries/toolsets.js';
import type { ToolsetInfo } from './toolset-info.js';

/** Every toolset by name. Data only: flags and --help use it without loading the catalog. */
export const toolsets: Readonly<Record<string, ToolsetInfo>> = {
  ...finconToolsets,
  ...summaryToolsets,
  ...capexToolsets,
  ...esgToolsets,
};
