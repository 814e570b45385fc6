/**
 * The layout tells the architecture, and the imports keep to it: no module of src/ or tools/
 * imports itself round a circle (type imports count), and the write path (src/writes) and the
 * state store (src/state) import nothing above them: no dispatcher, server, transport or tool.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|cts)$/.test(entry.name) ? [path] : [];
  });
}

/** Each module's relative imports (static, dynamic and type-only), as paths from the repository root. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...sources('src'), ...sources('tools')]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
    graph.set(
      file,
      specifiers.map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, '.ts')),
    );
  }
  return graph;
}

/** One circle of imports, if there is any. */
function findCircle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string): string[] | undefined => {
    const at = path.indexOf(module);
    if (at >= 0) return [...path.slice(at), module];
    if (done.has(module) || !graph.has(module)) return undefined;
    path.push(module);
    for (const next of graph.get(module)!) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    done.add(module);
    return undefined;
  };
  for (const module of graph.keys()) {
    const circle = visit(module);
    if (circle) return circle;
  }
  return undefined;
}

describe('the import graph', () => {
  const graph = importGraph();

  it('has no circle', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(findCircle(graph)).toBeUndefined();
  });

  it('keeps the write path and the state store below the dispatcher', () => {
    const above = /^(src\/(dispatch|transports|auth|server|serve|discovery|commands|catalog)|tools\/)/;
    for (const [module, imports] of graph) {
      if (!/^src\/(writes|state)\//.test(module)) continue;
      expect(
        imports.filter((target) => above.test(target)),
        module,
      ).toEqual([]);
    }
    expect([...graph.keys()].filter((module) => module.startsWith('src/writes/')).length).toBeGreaterThan(5);
  });
});
