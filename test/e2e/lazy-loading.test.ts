/**
 * What a start loads: a stdio server with API keys loads neither the OAuth code (openid-client,
 * jose, oauth4webapi, our auth modules), nor the HTTP stack, nor the sandbox, nor the logger
 * (pino, for HTTP and audit logs), nor the Redis client, and undici only with its first API call.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connectStdio } from '../support/harness.js';

const REGISTER = fileURLToPath(new URL('../support/load-trace/register.mjs', import.meta.url));

async function modulesLoaded(options: { args?: string[]; env?: Record<string, string>; callApi?: boolean }): Promise<string[]> {
  const log = join(mkdtempSync(join(tmpdir(), 'pfm-load-')), 'modules.log');
  const client = await connectStdio('modern', {
    args: options.args,
    env: { ...options.env, NODE_OPTIONS: `--import ${REGISTER}`, PFM_TEST_LOAD_LOG: log },
  });
  await client.listTools();
  if (options.callApi !== false) await client.callTool('list_projects').catch(() => undefined);
  await client.close();
  // The server writes its list as it exits.
  for (let i = 0; i < 50 && !readFileSync(log, { flag: 'a+' }).length; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

/** The OAuth libraries and our modules that use them (auth/scopes.js and auth/caller.js are plain names and types). */
const OAUTH =
  /node_modules\/(openid-client|jose|oauth4webapi)\/|\/dist\/src\/(oauth\/|auth\/(token-verifier|resource-server)|upstream\/oauth-auth)/;

const API_KEYS = { PFM_API_KEY: 'k', PFM_API_TOKEN: 't', PFM_FINCON_URL: 'http://127.0.0.1:9/fincon/v1' };
const UNDICI = /node_modules\/undici\//;
const PINO = /node_modules\/pino\//;
const REDIS = /node_modules\/@redis\/client\//;

describe('what a start loads', () => {
  it('stdio with API keys: no OAuth code, no HTTP stack, no sandbox, no logger', async () => {
    const loaded = await modulesLoaded({ env: API_KEYS });
    expect(loaded.some((url) => url.endsWith('/dist/src/server.js'))).toBe(true);
    expect(loaded.filter((url) => OAUTH.test(url))).toEqual([]);
    expect(loaded.filter((url) => /\/dist\/src\/(transports\/http|sandbox\/)/.test(url))).toEqual([]);
    expect(loaded.filter((url) => PINO.test(url))).toEqual([]);
    expect(loaded.filter((url) => REDIS.test(url))).toEqual([]);
    expect(loaded.some((url) => UNDICI.test(url))).toBe(true);
  });

  it('answers initialize and tools/list without undici: the HTTP client comes with the first API call', async () => {
    const loaded = await modulesLoaded({ env: API_KEYS, callApi: false });
    expect(loaded.some((url) => url.endsWith('/dist/src/server.js'))).toBe(true);
    expect(loaded.filter((url) => UNDICI.test(url))).toEqual([]);
  });

  it('sees what is loaded: the sandbox when it runs, the logger when there is an audit log, Redis when it is the store', async () => {
    const loaded = await modulesLoaded({
      args: ['--sandbox', '--audit-log', 'stderr', '--state-store', 'redis://127.0.0.1:9'],
    });
    expect(loaded.some((url) => url.includes('/dist/src/sandbox/index.js'))).toBe(true);
    expect(loaded.some((url) => PINO.test(url))).toBe(true);
    expect(loaded.some((url) => REDIS.test(url))).toBe(true);
  });
});
