/** The toolset of the FinCon summaries. Data only. */
import type { ToolsetInfo } from '../toolset-info.js';

export const summaryToolsets: Readonly<Record<string, ToolsetInfo>> = {
  summaries: {
    description: "Answers in one call: a project's budget and payables, payments in a period, an invoice's payment status",
    daily: true,
  },
};
