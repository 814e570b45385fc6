/**
 * API calls with OAuth tokens from openid-client: this server's own token (client credentials)
 * and each caller's token exchanged for one meant for the API (RFC 8693). The API is the sandbox
 * taking bearer tokens only, behind a proxy that shows what reached it.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy, type SeenRequest } from '../support/fault-proxy.js';
import {
  API_RESOURCE,
  SERVER_CLIENT,
  startIdentityProvider,
  TOKEN_EXCHANGE,
  type TestIdentityProvider,
} from '../support/identity-provider.js';
import {
  connectHttp,
  connectStdio,
  dataOf,
  startHttpServer,
  type HttpServer,
  type Page,
  type TestClient,
} from '../support/harness.js';

/**
 * The lifetime of the API tokens the renewal tests let expire: long enough that a burst of calls
 * ends before the new token is due for renewal (at 3/4 of its life) on a busy machine; at 2 s a
 * slow burst rightly asked again.
 */
const SHORT_TTL_S = 6;

const PUBLIC_URL = 'https://finance-mcp.example.test/mcp';
const CLIENT_ENV = { PFM_OAUTH_CLIENT_ID: SERVER_CLIENT.clientId, PFM_OAUTH_CLIENT_SECRET: SERVER_CLIENT.clientSecret };

let idp: TestIdentityProvider;
let sandbox: SandboxHandle;
let proxy: FaultProxy;

beforeAll(async () => {
  idp = await startIdentityProvider();
  sandbox = await startSandbox({ oauth: { issuer: idp.issuer, audience: API_RESOURCE, only: true } });
  proxy = await startFaultProxy(sandbox.origin);
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  await idp?.close();
});

const upstreamFlags = (kind: string) => [
  '--upstream-auth',
  kind,
  '--upstream-issuer',
  idp.issuer,
  '--upstream-resource',
  API_RESOURCE,
  '--fincon-url',
  `${proxy.origin}/fincon/v1`,
];

/** The bearer tokens of the API requests seen since `from`, decoded. */
function apiTokens(from: number): Array<{ request: SeenRequest; token: string; claims: Record<string, unknown> }> {
  return proxy.seen.slice(from).map((request) => {
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    return { request, token, claims: decodeJwt(token) as Record<string, unknown> };
  });
}

const grantsOf = (type: string, from = 0) => idp.grants.slice(from).filter((grant) => grant.grantType === type);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('client credentials', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectStdio('modern', { args: upstreamFlags('client-credentials'), env: CLIENT_ENV });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("calls the API with the server's own token for the API, fetched once and reused", async () => {
    const grants = grantsOf('client_credentials').length;
    const from = proxy.seen.length;
    for (let i = 0; i < 3; i += 1) expect(dataOf<Page>(await client.callTool('list_projects')).items.length).toBeGreaterThan(0);
    const seen = apiTokens(from);
    expect(seen).toHaveLength(3);
    for (const { request, claims } of seen) {
      expect(request.headers['x-api-key']).toBeUndefined();
      expect(claims).toMatchObject({ aud: API_RESOURCE, iss: idp.issuer, client_id: SERVER_CLIENT.clientId });
    }
    expect(grantsOf('client_credentials').length - grants).toBe(1);
  });

  it('asks for one new token however many calls wait when the old one expires', async () => {
    idp.apiTokenTtl = SHORT_TTL_S;
    // A fresh server, whose first token lives SHORT_TTL_S seconds.
    const shortLived = await connectStdio('modern', { args: upstreamFlags('client-credentials'), env: CLIENT_ENV });
    try {
      await shortLived.callTool('list_projects');
      await sleep(SHORT_TTL_S * 1000 + 200);
      const grants = idp.grants.length;
      const results = await Promise.all(Array.from({ length: 100 }, () => shortLived.callTool('list_projects')));
      expect(results.filter((result) => result.isError)).toEqual([]);
      expect(grantsOf('client_credentials', grants)).toHaveLength(1);
    } finally {
      idp.apiTokenTtl = 300;
      await shortLived.close();
    }
  });

  it('renews the token and sends the request once more when the API answers 401', async () => {
    await client.callTool('list_projects');
    const grants = idp.grants.length;
    const from = proxy.seen.length;
    let refused = 0;
    proxy.failWith = { status: 401, body: { errors: [{ status: '401', title: 'Unauthorized' }] } };
    proxy.fails = (method) => method === 'GET' && refused++ === 0;
    try {
      const result = await client.callTool('list_projects');
      expect(result.isError).toBeFalsy();
    } finally {
      proxy.fails = () => false;
    }
    expect(proxy.seen.slice(from)).toHaveLength(2);
    expect(grantsOf('client_credentials', grants)).toHaveLength(1);
    const [first, second] = apiTokens(from);
    expect(second!.token).not.toBe(first!.token);
  });
});

describe('token exchange for each caller', () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await startHttpServer({
      args: ['--auth', 'oauth', '--oauth-issuer', idp.issuer, '--public-url', PUBLIC_URL, ...upstreamFlags('token-exchange')],
      env: CLIENT_ENV,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const login = (sub: string) => idp.userToken(sub, { resource: PUBLIC_URL, scope: 'read modify' });

  it("reaches the API as each caller, with a token for the API, never with the caller's own", async () => {
    const tokens = { alice: await login('alice'), bob: await login('bob') };
    const from = proxy.seen.length;
    const exchanges = idp.grants.length;
    for (const [sub, token] of Object.entries(tokens)) {
      const client = await connectHttp('modern', server.endpoint, token);
      try {
        await client.callTool('list_projects');
        await client.callTool('list_invoices');
      } finally {
        await client.close();
      }
      const seen = apiTokens(from).filter(({ claims }) => claims.sub === sub);
      expect(seen, sub).toHaveLength(2);
    }
    const seen = apiTokens(from);
    expect(seen).toHaveLength(4);
    for (const { token, claims } of seen) {
      expect(claims.aud).toBe(API_RESOURCE);
      expect(Object.values(tokens)).not.toContain(token);
    }
    // One exchange per caller, kept for the next call.
    expect(
      grantsOf(TOKEN_EXCHANGE, exchanges)
        .map((grant) => grant.sub)
        .sort(),
    ).toEqual(['alice', 'bob']);
    // Neither the server's secret nor any token shows in its logs (audit lines included).
    const logs = server.stderr();
    expect(logs).toContain('"sub":"alice"');
    for (const secret of [SERVER_CLIENT.clientSecret, ...Object.values(tokens), ...seen.map(({ token }) => token)]) {
      expect(logs).not.toContain(secret);
    }
  });

  it('asks for one exchange however many calls of a caller wait when their API token expires', async () => {
    idp.apiTokenTtl = SHORT_TTL_S;
    const client = await connectHttp('modern', server.endpoint, await login('gina'));
    try {
      await client.callTool('list_projects');
      await sleep(SHORT_TTL_S * 1000 + 200);
      const grants = idp.grants.length;
      const results = await Promise.all(Array.from({ length: 100 }, () => client.callTool('list_projects')));
      expect(results.filter((result) => result.isError)).toEqual([]);
      expect(grantsOf(TOKEN_EXCHANGE, grants)).toEqual([{ grantType: TOKEN_EXCHANGE, sub: 'gina' }]);
    } finally {
      idp.apiTokenTtl = 300;
      await client.close();
    }
  });
});

describe('the embedded sandbox with OAuth credentials', () => {
  it('checks the API tokens it receives, like the API', async () => {
    const grants = grantsOf('client_credentials').length;
    const client = await connectStdio('modern', {
      args: [
        '--sandbox',
        '--upstream-auth',
        'client-credentials',
        '--upstream-issuer',
        idp.issuer,
        '--upstream-resource',
        API_RESOURCE,
      ],
      env: CLIENT_ENV,
    });
    try {
      expect(client.instructions()).toContain('EMBEDDED SANDBOX');
      expect(dataOf<Page>(await client.callTool('list_projects')).items.length).toBeGreaterThan(0);
      expect(grantsOf('client_credentials').length - grants).toBe(1);
    } finally {
      await client.close();
    }
  });
});
