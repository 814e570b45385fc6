/**
 * The benchmarks are plain JavaScript run by Node 20, which cannot load TypeScript; the test
 * helpers they share with the tests (the identity provider, redis-server) are compiled here with
 * esbuild, one file each with the helpers it imports, into dist/bench/, and imported from there.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const OUT = fileURLToPath(new URL('../../dist/bench/', import.meta.url));

/**
 * The module at `path` (relative to this folder), compiled from TypeScript.
 * @param {string} path
 */
export async function importTypeScript(path) {
  const source = fileURLToPath(new URL(path, import.meta.url));
  const outfile = `${OUT}${basename(source, '.ts')}.mjs`;
  await build({
    entryPoints: [source],
    outfile,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
  return import(outfile);
}
