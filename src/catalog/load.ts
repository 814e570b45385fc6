/**
 * The catalog, loaded in two steps: the tools' cards at start (one JSON file the build writes),
 * the tools themselves with their zod schemas on the first call, search or read that needs one.
 * Building every tool's schemas took most of a start; a host that only lists tools never pays it.
 */
import type { Tool } from '../dispatch/summary.js';
import type { ToolCard } from './cards.js';

/** The cards as the bundle carries them (src/bundle/build.ts defines it); undefined elsewhere. */
declare const BUNDLED_CARDS: string | undefined;

let cards: Promise<readonly ToolCard[]> | undefined;
let tools: Promise<ReadonlyMap<string, Tool>> | undefined;

/** Every tool by name, their schemas built: loaded once, on first use. */
export function loadTools(): Promise<ReadonlyMap<string, Tool>> {
  tools ??= import('../../tools/index.js').then(({ catalog }) => new Map(catalog.map((tool) => [tool.name, tool])));
  return tools;
}

/** The cards of every tool; a build without its cards step (tsc alone) gets them from the catalog. */
export function loadCards(): Promise<readonly ToolCard[]> {
  cards ??= (
    typeof BUNDLED_CARDS === 'string'
      ? Promise.resolve(BUNDLED_CARDS)
      : import('./cards-file.js').then((file) => file.readCards())
  ).then(
    (text) => JSON.parse(text) as ToolCard[],
    async () => {
      const [{ cardOf }, loaded] = await Promise.all([import('./cards.js'), loadTools()]);
      return [...loaded.values()].map(cardOf);
    },
  );
  return cards;
}

/** The tool a card stands for. */
export async function toolOf(card: ToolCard): Promise<Tool> {
  const tool = (await loadTools()).get(card.name);
  if (!tool) throw new Error(`${card.name} is on a card but not in the catalog: rebuild (npm run build)`);
  return tool;
}
