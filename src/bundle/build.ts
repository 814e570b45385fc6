/**
 * The build's last step: the published executable in dist/bundle/, the server as one minified
 * CommonJS file with the tool cards inside (server.cjs) and its launcher (launcher.cjs, which
 * keeps a V8 code cache). One file instead of some 600 modules to resolve and compile.
 */
import { build } from 'esbuild';
import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

await build({
  entryPoints: [dist('src/cli.js')],
  outfile: dist('bundle/server.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.18',
  minify: true,
  legalComments: 'eof',
  define: {
    BUNDLED_CARDS: JSON.stringify(readFileSync(dist('catalog-cards.json'), 'utf8')),
    BUNDLED_RANKING: JSON.stringify(readFileSync(dist('search-ranking.json'), 'utf8')),
  },
  logLevel: 'warning',
});
copyFileSync(dist('src/bundle/launcher.cjs'), dist('bundle/launcher.cjs'));
chmodSync(dist('bundle/launcher.cjs'), 0o755);
