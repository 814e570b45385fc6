/** Completing a project argument: what a person types (part of a name, or of an id) becomes project ids. */
import type { Reader } from '../dispatch/operation.js';
import { escapeUntrusted } from '../shape/untrusted.js';

/** The most values one completion may offer (the protocol's limit). */
const MAX_COMPLETIONS = 100;

const folded = (text: string) => text.normalize('NFKC').toLocaleLowerCase('de');

/**
 * Ids of the projects whose name contains `typed` or whose id starts with it; best matches first.
 * An id is the API's text too: one that is not a plain UUID still completes to one line.
 */
export async function completeProjectIds(read: Reader, typed: string): Promise<string[]> {
  const wanted = folded(typed.trim());
  const projects = await read.all('list_projects', {});
  return projects
    .map((project) => ({ id: project.id, name: folded(String(project.name ?? '')) }))
    .filter(({ id, name }) => !wanted || name.includes(wanted) || id.startsWith(wanted))
    .sort((a, b) => Number(!b.name.startsWith(wanted)) - Number(!a.name.startsWith(wanted)) || a.name.localeCompare(b.name))
    .slice(0, MAX_COMPLETIONS)
    .map(({ id }) => escapeUntrusted(id));
}
