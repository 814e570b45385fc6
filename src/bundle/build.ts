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

/**
 * The Redis client goes in a file of its own beside the server (redis-client.cjs), loaded only by a
 * server that keeps its state in Redis: the MCP Bundle, one person's server over stdio, leaves it
 * out, some 90 kB of its size.
 */
const REDIS_CLIENT = 'redis-client.cjs';
const redisClientBeside: Plugin = {
  name: 'redis-client-beside',
  setup(bundler) {
    bundler.onResolve({ filter: /^@redis\/client$/ }, () => ({ path: `./${REDIS_CLIENT}`, external: true }));
  },
};

const shared = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.18',
  minify: true,
  legalComments: 'eof',
} as const;

await build({
  ...shared,
  stdin: { contents: "module.exports = require('@redis/client');", resolveDir: dist('..'), loader: 'js' },
  outfile: dist(`bundle/${REDIS_CLIENT}`),
  logLevel: 'warning',
});
await build({
  ...shared,
  entryPoints: [dist('src/cli.js')],
  outfile: dist('bundle/server.cjs'),
  define: {
    BUNDLED_CARDS: JSON.stringify(readFileSync(dist('catalog-cards.json'), 'utf8')),
    BUNDLED_RANKING: JSON.stringify(readFileSync(dist('search-ranking.json'), 'utf8')),
  },
  plugins: [withoutZodLocales, redisClientBeside],
  // The launcher runs the bundle as a vm.Script, which has no import(): the Redis client is required.
  supported: { 'dynamic-import': false },
  logLevel: 'warning',
});
copyFileSync(dist('src/bundle/launcher.cjs'), dist('bundle/launcher.cjs'));
chmodSync(dist('bundle/launcher.cjs'), 0o755);
