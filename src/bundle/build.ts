/**
 * The build's last step: the published executable in dist/bundle/, the server as one minified
 * CommonJS file with the tool cards inside (server.cjs) and its launcher (launcher.cjs, which
 * keeps a V8 code cache). One file instead of some 600 modules to resolve and compile.
 */
import { build, type Plugin } from 'esbuild';
import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * zod exports its error messages in some forty languages as `z.locales`, which nothing here reads:
 * its messages stay English and ours are our own. Left out, the bundle is 260 kB (40 kB packed)
 * smaller, room the bundle's size guards (test/e2e) keep for the search model to grow into.
 */
const withoutZodLocales: Plugin = {
  name: 'without-zod-locales',
  setup(bundler) {
    bundler.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      importer.includes('/node_modules/zod/') ? { path: 'zod-locales', namespace: 'left-out' } : undefined,
    );
    bundler.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({ contents: 'export {};' }));
  },
};

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
  plugins: [withoutZodLocales],
  logLevel: 'warning',
});
copyFileSync(dist('src/bundle/launcher.cjs'), dist('bundle/launcher.cjs'));
chmodSync(dist('bundle/launcher.cjs'), 0o755);
