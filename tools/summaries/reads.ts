/** How summaries read many records: ids a hundred per filter, independent reads a few at a time. */
import type { Reader } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';

/** Ids per `in` filter: enough to save requests, short enough for any URL limit. */
const ID_CHUNK = 100;

/** The items in slices of ID_CHUNK. */
export function chunked<T>(items: readonly T[]): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += ID_CHUNK) slices.push(items.slice(start, start + ID_CHUNK));
  return slices;
}

/** The distinct ids among these values (relationship ids; absent ones left out). */
export function distinctIds(values: Iterable<unknown>): string[] {
  return [...new Set([...values].filter((value): value is string => typeof value === 'string'))];
}

/** The project of each contract, by contract id: contracts name their contract unit, units their project. */
export async function projectsOfContracts(read: Reader, contracts: readonly FlatResource[]): Promise<Map<string, FlatResource>> {
  const units = await byIds(read, 'list_contract_units', distinctIds(contracts.map((contract) => contract.contract_unit)));
  const projects = await byIds(read, 'list_projects', distinctIds(units.map((unit) => unit.project)));
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const projectOfUnit = new Map(units.map((unit) => [unit.id, projectById.get(String(unit.project))]));
  const found = new Map<string, FlatResource>();
  for (const contract of contracts) {
    const project = projectOfUnit.get(String(contract.contract_unit));
    if (project) found.set(contract.id, project);
  }
  return found;
}

/** The rows of a list tool with these ids. */
export async function byIds(read: Reader, tool: string, ids: readonly string[]): Promise<FlatResource[]> {
  const rows: FlatResource[] = [];
  for (const slice of chunked(ids)) rows.push(...(await read.all(tool, { filters: { 'id.in': slice } })));
  return rows;
}

/** Runs `work` over `items`, at most `limit` at a time, results in the items' order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
