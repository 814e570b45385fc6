/**
 * How summaries read many records: ids a hundred per filter, the slices read side by side (the
 * reader lets --parallel-reads of them run at once), rows in the ids' order.
 */
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

/** Every row of `tool` for each of these filters, read side by side, in the filters' order. */
export async function allOf(
  read: Reader,
  tool: string,
  filters: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Promise<FlatResource[]> {
  const lists = await Promise.all(filters.map((filter) => read.all(tool, { filters: filter })));
  return lists.flat();
}

/** The rows of a list tool with these ids. */
export function byIds(read: Reader, tool: string, ids: readonly string[]): Promise<FlatResource[]> {
  return allOf(
    read,
    tool,
    chunked(ids).map((slice) => ({ 'id.in': slice })),
  );
}
