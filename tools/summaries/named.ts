/** What a summary is about, by id or, for projects and contractors, by the name people say. */
import leven from 'leven';
import { Unanswerable } from '../../src/dispatch/summary.js';
import type { Reader } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { escapeUntrusted, untrustedBlock } from '../../src/shape/untrusted.js';
import { shortened } from '../../src/shape/words.js';
import { text, uuid } from '../fields.js';

/** How many near names an ambiguous or unknown name lists. */
const CANDIDATES = 10;

/** A kind of record a summary reads by id. */
export interface Findable {
  /** "project" */
  what: string;
  idArg: string;
  getTool: string;
  listTool: string;
}

/** A kind of record people also name. */
export interface NamedKind extends Findable {
  nameArg: string;
}

export const INVOICE: Findable = { what: 'invoice', idArg: 'invoice_id', getTool: 'get_invoice', listTool: 'list_invoices' };
export const CONTRACT: Findable = { what: 'contract', idArg: 'contract_id', getTool: 'get_contract', listTool: 'list_contracts' };

export const PROJECT: NamedKind = {
  what: 'project',
  idArg: 'project_id',
  nameArg: 'project_name',
  getTool: 'get_project',
  listTool: 'list_projects',
};

export const CONTRACTOR: NamedKind = {
  what: 'contractor',
  idArg: 'contractor_id',
  nameArg: 'contractor_name',
  getTool: 'get_contractor',
  listTool: 'list_contractors',
};

/** `<what>_id` or `<what>_name`, exactly one of them (see `exactlyOne`). */
export function idOrName(kind: NamedKind) {
  return {
    [kind.idArg]: uuid(`The ${kind.what}`, kind.listTool).optional(),
    [kind.nameArg]: text('Or its name, exact or unique', 200).optional(),
  };
}

export function exactlyOne(kind: NamedKind) {
  return (args: Readonly<Record<string, unknown>>) =>
    (args[kind.idArg] === undefined) === (args[kind.nameArg] === undefined)
      ? { field: kind.idArg, fix: `give exactly one of ${kind.idArg} or ${kind.nameArg}` }
      : undefined;
}

/** A name as compared: Unicode-normalised, lower case the German way. */
export const folded = (name: string) => name.normalize('NFKC').toLocaleLowerCase('de');

function nearest(candidates: readonly FlatResource[], wanted: string): FlatResource[] {
  const target = folded(wanted);
  const named = candidates.map((resource) => ({ resource, name: folded(String(resource.name ?? '')) }));
  const containing = named.filter(({ name }) => name.includes(target) || target.includes(name));
  const pool = containing.length > 0 ? containing : named;
  return pool
    .map(({ resource, name }) => ({ resource, distance: leven(name, target) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, CANDIDATES)
    .map(({ resource }) => resource);
}

function candidateLines(resources: readonly FlatResource[]): string {
  return untrustedBlock(
    resources.map((resource) => `- ${resource.id}: ${shortened(escapeUntrusted(String(resource.name ?? '')), 80)}`),
  );
}

/** The record with this id; one that does not exist is an answer saying so. */
export async function findById(kind: Findable, id: string, read: Reader): Promise<FlatResource> {
  const found = await read.find(kind.getTool, { [kind.idArg]: id });
  if (!found) throw new Unanswerable(`No ${kind.what} with id ${id}; find the id with ${kind.listTool}.`);
  return found;
}

/** The resource by id, or by a name that matches exactly one (exactly, else ignoring case). */
export async function resolveNamed(
  kind: NamedKind,
  args: Readonly<Record<string, unknown>>,
  read: Reader,
): Promise<FlatResource> {
  const id = args[kind.idArg];
  if (typeof id === 'string') return findById(kind, id, read);
  const wanted = String(args[kind.nameArg]);
  const exact = await read.all(kind.listTool, { filters: { 'name.exact': wanted } });
  if (exact.length === 1) return exact[0] as FlatResource;
  const all = await read.all(kind.listTool, {});
  const sameName = all.filter((resource) => folded(String(resource.name ?? '')) === folded(wanted));
  if (sameName.length === 1) return sameName[0] as FlatResource;
  const quoted = `"${shortened(escapeUntrusted(wanted), 80)}"`;
  if (sameName.length > 1) {
    throw new Unanswerable(
      `${sameName.length} ${kind.what}s are named ${quoted}; call again with ${kind.idArg}, one of:\n${candidateLines(sameName.slice(0, CANDIDATES))}`,
    );
  }
  const near = nearest(all, wanted);
  if (near.length === 0) throw new Unanswerable(`No ${kind.what} is named ${quoted}, and there are none to choose from.`);
  throw new Unanswerable(
    `No ${kind.what} is named ${quoted}. The nearest names, with their ids (call again with ${kind.idArg} or the exact name):\n${candidateLines(near)}`,
  );
}
