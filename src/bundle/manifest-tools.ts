/**
 * The tools manifest.json declares: every tool of the catalog (offered directly or reached through
 * search_tools) and the two discovery tools, each with the first sentence of its description.
 * `npm run manifest` writes them; a test fails when manifest.json is behind the catalog.
 */
import { DISCOVERY_TOOLS } from '../search/discovery.js';

export interface ManifestTool {
  name: string;
  description: string;
}

/** The discovery tools' descriptions depend on what a session offers; the manifest needs fixed ones. */
const DISCOVERY_PURPOSES: Record<(typeof DISCOVERY_TOOLS)[number], string> = {
  search_tools: 'Finds the tools not listed directly by what they do, in English or German, with their arguments.',
  call_tool: 'Runs a tool found with search_tools by its name; the arguments are checked before anything is sent.',
};

/** Up to the first full stop that ends a sentence ("e.g. filters" does not). */
function firstSentence(text: string): string {
  return /^.+?[.!?](?=\s+[A-Z]|$)/s.exec(text)?.[0] ?? text;
}

export function manifestTools(catalog: readonly ManifestTool[]): ManifestTool[] {
  return [
    ...catalog.map((tool) => ({ name: tool.name, description: firstSentence(tool.description) })),
    ...DISCOVERY_TOOLS.map((name) => ({ name, description: DISCOVERY_PURPOSES[name] })),
  ];
}
