/** What the ESG end-to-end tests share: every ESG tool offered, and data found through the tools. */
import { expect } from 'vitest';
import { dataOf, textOf, type Item, type ServerOptions, type TestClient, type ToolResult } from '../support/harness.js';

export type { Item };
export interface Batch {
  created: Item[];
  updated?: Item[];
  failed?: Array<{ index: number; problems: string[]; attributes?: Record<string, unknown> }>;
}

/** The ESG tools only, all toolsets, against the embedded sandbox. */
export function esgServer(extra: string[] = []): ServerOptions {
  return { args: ['--products', 'esg', '--toolsets', 'all', ...extra] };
}

/** An ESG list, which the API sends whole: one page, no cursor. */
export async function listOf<T = Item>(client: TestClient, tool: string, args: Record<string, unknown> = {}): Promise<T[]> {
  const page = await client.page<T>(tool, args);
  expect(page.next_cursor).toBeNull();
  return page.items;
}

/**
 * The refusal the server gives before sending anything, naming the argument: the SDK's input
 * validation and the dispatcher's checks both run before a request exists (errors.test.ts
 * proves that against a stand-in API that counts requests).
 */
export function expectRefusedBeforeSending(result: ToolResult, argument: string | RegExp): void {
  expect(result.isError).toBe(true);
  const text = textOf(result);
  // Schema violations come from the SDK's validation, rules checked while preparing from the dispatcher.
  expect(text).toMatch(/Input validation error|nothing was sent to the API/);
  expect(text).toMatch(typeof argument === 'string' ? new RegExp(`\\b${argument}: `) : argument);
}

/** Buildings with an external id, and the meters of each that have one. */
export async function buildingsWithMeters(client: TestClient): Promise<Array<{ building: Item; meters: Item[] }>> {
  const buildings = (await listOf(client, 'esg_list_buildings')).filter((building) => building.external_id);
  const found = [];
  for (const building of buildings) {
    const meters = (await listOf(client, 'esg_list_utility_meters', { building_uuid: building.id })).filter(
      (meter) => meter.external_id,
    );
    found.push({ building, meters });
  }
  return found;
}

/** A unique suffix so repeated runs against one sandbox never collide. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** A fresh meter in the first building with an external id: intervals written to it overlap nothing. */
export async function freshMeter(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<Item & { external_id: string }> {
  const building = (await listOf(client, 'esg_list_buildings')).find((candidate) => candidate.external_id)!;
  return dataOf<Item & { external_id: string }>(
    await client.callTool('esg_create_utility_meter', {
      external_building_id: building.external_id,
      external_id: unique('EL'),
      meter_id: unique('SN'),
      category: 'ELECTRICITY',
      units: 'KILOWATT_HOURS',
      activation_date: '2024-01-01',
      ...overrides,
    }),
  );
}
