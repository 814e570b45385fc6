/** Which project a summary is about: its id, or its name as people say it. */
import leven from 'leven';
import { Unanswerable } from '../../src/dispatch/summary.js';
import type { Reader } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { escapeUntrusted, untrustedBlock } from '../../src/shape/untrusted.js';
import { shortened } from '../../src/shape/words.js';
import { text, uuid } from '../fields.js';

/** How many near names an ambiguous or unknown project name lists. */
const CANDIDATES = 10;

export const projectChoice = {
  project_id: uuid('The project', 'list_projects').optional(),
  project_name: text('Or the project name: exact, else a unique case-insensitive match', 200).optional(),
};

export function exactlyOneProject(args: Readonly<Record<string, unknown>>) {
  if ((args.project_id === undefined) === (args.project_name === undefined)) {
    return { field: 'project_id', fix: 'give exactly one of project_id or project_name' };
  }
  return undefined;
}

const folded = (name: string) => name.normalize('NFKC').toLocaleLowerCase('de');

function nearest(projects: readonly FlatResource[], wanted: string): FlatResource[] {
  const target = folded(wanted);
  const named = projects.map((project) => ({ project, name: folded(String(project.name ?? '')) }));
  const containing = named.filter(({ name }) => name.includes(target) || target.includes(name));
  const pool = containing.length > 0 ? containing : named;
  return pool
    .map(({ project, name }) => ({ project, distance: leven(name, target) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, CANDIDATES)
    .map(({ project }) => project);
}

function candidateLines(projects: readonly FlatResource[]): string {
  return untrustedBlock(
    projects.map((project) => `- ${project.id}: ${shortened(escapeUntrusted(String(project.name ?? '')), 80)}`),
  );
}

/** The project by id, or by a name that matches exactly one project (exactly, else ignoring case). */
export async function resolveProject(args: Readonly<Record<string, unknown>>, read: Reader): Promise<FlatResource> {
  if (typeof args.project_id === 'string') {
    const project = await read.find('get_project', { project_id: args.project_id });
    if (!project) throw new Unanswerable(`No project with id ${args.project_id}; find the id with list_projects.`);
    return project;
  }
  const wanted = String(args.project_name);
  const exact = await read.all('list_projects', { filters: { 'name.exact': wanted } });
  if (exact.length === 1) return exact[0] as FlatResource;
  const projects = await read.all('list_projects', {});
  const sameName = projects.filter((project) => folded(String(project.name ?? '')) === folded(wanted));
  if (sameName.length === 1) return sameName[0] as FlatResource;
  const quoted = `"${shortened(escapeUntrusted(wanted), 80)}"`;
  if (sameName.length > 1) {
    throw new Unanswerable(
      `${sameName.length} projects are named ${quoted}; call again with project_id, one of:\n${candidateLines(sameName.slice(0, CANDIDATES))}`,
    );
  }
  const near = nearest(projects, wanted);
  if (near.length === 0) throw new Unanswerable(`No project is named ${quoted}, and this account has no projects.`);
  throw new Unanswerable(
    `No project is named ${quoted}. The nearest names, with their ids (call again with project_id or the exact name):\n${candidateLines(near)}`,
  );
}
