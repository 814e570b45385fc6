/** The catalog: every API operation and summary of every product, and the toolsets that group them. */
import type { Operation } from '../src/dispatch/operation.js';
import type { Tool } from '../src/dispatch/summary.js';
import { capexOperations } from './capex/index.js';
import { esgOperations } from './esg/index.js';
import { finconOperations } from './fincon/index.js';
import { summaries } from './summaries/index.js';
import { toolsets } from './toolsets.js';

/** One tool per API operation. */
export const apiOperations: readonly Operation[] = [...finconOperations, ...capexOperations, ...esgOperations];

/** Every tool: the API operations and the summaries over them. */
export const catalog: readonly Tool[] = [...apiOperations, ...summaries];

export { toolsets };
