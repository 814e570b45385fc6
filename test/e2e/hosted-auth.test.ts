/**
 * Hosted mode: /mcp as an OAuth 2.1 resource server, against a real identity provider
 * (oidc-provider) and through real MCP clients of both eras over HTTP, with the embedded
 * sandbox behind the server.
 */
import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider.js';
import { localhostCertificate } from '../support/tls.js';
import {
  connectHttp,
  dataOf,
  logLines,
  startHttpServer,
  textOf,
  type Era,
  type HttpServer,
  type LogLine,
  type Page,
} from '../support/harness.js';

const PUBLIC_URL = 'https://finance-mcp.example.test/mcp';
const METADATA_URL = 'https://finance-mcp.example.test/.well-known/oauth-protected-resource/mcp';

let idp: TestIdentityProvider;
let server: HttpServer;

const hosted = (issuer: string, extra: string[] = []) => [
  '--auth',
  'oauth',
  '--oauth-issuer',
  issuer,
  '--public-url',
  PUBLIC_URL,
  '--sandbox',
  ...extra,
];

beforeAll(async () => {
  idp = await startIdentityProvider();
  server = await startHttpServer({ args: hosted(idp.issuer) });
});
afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

const userToken = (sub: string, scope = 'read modify', extra: { ttl?: number; opaque?: boolean } = {}) =>
  idp.userToken(sub, { resource: PUBLIC_URL, scope, ...extra });

/** A JSON-RPC POST to /mcp as a 2026-07-28 client sends it, with whatever authorization is given. */
async function post(endpoint: string, body: unknown, authorization?: string) {
  const response = await request(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const callTool = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('Protected Resource Metadata', () => {
  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])(
    'is served at %s',
    async (path) => {
      const response = await request(new URL(path, server.endpoint));
      expect(response.statusCode).toBe(200);
      expect(await response.body.json()).toMatchObject({
        resource: PUBLIC_URL,
        authorization_servers: [idp.issuer],
        scopes_supported: ['read', 'modify'],
        bearer_methods_supported: ['header'],
      });
    },
  );
});

describe('refused tokens', () => {
  it('answers 401 with only the metadata link when no token is sent', async () => {
    const answer = await post(server.endpoint, initialize);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(`Bearer resource_metadata="${METADATA_URL}"`);
  });

  it('answers every bad token alike: 401 invalid_token, no hint which check failed, never 500', async () => {
    const stranger = await startIdentityProvider();
    const { privateKey } = await generateKeyPair('ES256');
    try {
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT({ scope: 'read modify', client_id: 'mcp-client' })
        .setProtectedHeader({ alg: 'ES256', kid: 'test-es256', typ: 'at+jwt' })
        .setIssuer(idp.issuer)
        .setAudience(PUBLIC_URL)
        .setSubject('mallory')
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(privateKey);
      const expired = await userToken('alice', 'read modify', { ttl: 1 });
      const tokens = {
        garbage: 'not-a-token',
        malformed: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0',
        'wrongly signed': forged,
        'foreign issuer': await stranger.userToken('alice', { resource: PUBLIC_URL, scope: 'read modify' }),
        'foreign audience (a token for the API)': await idp.userToken('alice', {
          resource: 'https://api.finance.test',
          scope: 'api',
        }),
      };
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const answers = await Promise.all(
        [...Object.entries(tokens), ['expired', expired] as const].map(async ([kind, token]) => ({
          kind,
          answer: await post(server.endpoint, initialize, `Bearer ${token}`),
        })),
      );
      const challenges = new Set<string>();
      for (const { kind, answer } of answers) {
        expect(answer.status, kind).toBe(401);
        const challenge = String(answer.headers['www-authenticate']);
        expect(challenge, kind).toMatch(/^Bearer error="invalid_token"/);
        expect(challenge, kind).toContain(`resource_metadata="${METADATA_URL}"`);
        expect(`${challenge} ${answer.text}`.toLowerCase(), kind).not.toMatch(
          /audience|issuer|signature|expir|\baud\b|\biss\b|\bexp\b/,
        );
        challenges.add(challenge);
      }
      expect(challenges.size).toBe(1);
    } finally {
      await stranger.close();
    }
  });

  it('refuses a token without the read scope with 403 insufficient_scope', async () => {
    const token = await userToken('alice', 'modify');
    const answer = await post(server.endpoint, initialize, `Bearer ${token}`);
    expect(answer.status).toBe(403);
    expect(answer.headers['www-authenticate']).toMatch(/error="insufficient_scope".*scope="read"/);
  });
});

describe.each<Era>(['modern', 'legacy'])('a %s client with a token', (era) => {
  it('with read and modify sees and uses the writing tools', async () => {
    const client = await connectHttp(era, server.endpoint, await userToken('alice'));
    try {
      const names = (await client.listTools()).map((tool) => tool.name);
      expect(names).toContain('register_invoice_payment');
      const invoices = dataOf<Page>(
        await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
      );
      const invoice = invoices.items.find((item) => !item.payment_amount_gross)!;
      const paid = await client.commit('register_invoice_payment', {
        invoice_id: invoice.id,
        payment_amount_gross: '10.00',
        payment_date: '2026-11-20',
        is_final_payment: false,
      });
      expect(textOf(paid)).toContain('Payment registered: 10.00 EUR gross');
    } finally {
      await client.close();
    }
  });

  it('with read only sees reading tools alone, everywhere', async () => {
    const client = await connectHttp(era, server.endpoint, await userToken('bob', 'read'));
    try {
      const tools = await client.listTools();
      expect(tools.length).toBeGreaterThan(2);
      expect(tools.filter((tool) => tool.annotations?.readOnlyHint === false && tool.name !== 'call_tool')).toEqual([]);
      expect(tools.map((tool) => tool.name)).not.toContain('register_invoice_payment');
      const found = dataOf<{ tools: Array<{ read_only: boolean }> }>(
        await client.callTool('search_tools', { query: 'create contractor update payment delete tag' }),
      );
      expect(found.tools.length).toBeGreaterThan(0);
      expect(found.tools.every((tool) => tool.read_only)).toBe(true);
      expect(client.instructions()).toMatch(/Read-only mode/);
      const saved = await client.callTool('call_tool', {
        name: 'download_invoice_document',
        arguments: { invoice_id: randomUUID(), document_id: randomUUID(), save_to: 'Rechnung.pdf' },
      });
      expect(saved.isError).toBe(true);
      expect(textOf(saved)).toMatch(/save_to: writes a file, and your access token lacks the modify scope/);
    } finally {
      await client.close();
    }
  });
});

describe('a write with a read-only token', () => {
  it.each([
    ['directly', callTool('register_invoice_payment', { invoice_id: '3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c' })],
    ['through call_tool', callTool('call_tool', { name: 'create_contractor', arguments: { name: 'X' } })],
  ])('answers 403 insufficient_scope asking for read modify (%s)', async (_how, body) => {
    const token = await userToken('bob', 'read');
    const answer = await post(server.endpoint, body, `Bearer ${token}`);
    expect(answer.status).toBe(403);
    expect(answer.headers['www-authenticate']).toMatch(
      new RegExp(`^Bearer error="insufficient_scope".*scope="read modify".*resource_metadata="${METADATA_URL}"`),
    );
  });

  it('is refused through a real client too, and recorded in the audit lines beside the request lines', async () => {
    const token = await userToken('carol', 'read');
    const client = await connectHttp('modern', server.endpoint, token);
    try {
      await expect(
        client.callTool('register_invoice_payment', {
          invoice_id: '3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c',
          payment_amount_gross: '1.00',
          payment_date: '2026-11-20',
          is_final_payment: false,
        }),
      ).rejects.toThrow(/403|insufficient_scope|scope/i);
      await client.callTool('list_projects');
    } finally {
      await client.close();
    }
    const carols = (lines: LogLine[]) => lines.filter((line) => line.sub === 'carol');
    const lines = carols(await logLines(server, (all) => carols(all).some((line) => line.msg && line.tool === 'list_projects')));
    expect(lines.filter((line) => line.audit)).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        audit: 'tool_call',
        iss: idp.issuer,
        sub: 'carol',
        tool: 'register_invoice_payment',
        outcome: 'refused',
      },
      {
        level: 'info',
        time: expect.any(String),
        audit: 'tool_call',
        iss: idp.issuer,
        sub: 'carol',
        tool: 'list_projects',
        outcome: 'ok',
      },
    ]);
    expect(lines.filter((line) => line.rpc === 'tools/call')).toEqual([
      expect.objectContaining({ method: 'POST', path: '/mcp', status: 403, tool: 'register_invoice_payment' }),
      expect.objectContaining({ method: 'POST', path: '/mcp', status: 200, tool: 'list_projects' }),
    ]);
    expect(server.stderr()).not.toContain(token);
  });
});

describe('limits and probes', () => {
  it('answers 429 with Retry-After past the per-user rate limit, and 413 past the body limit', async () => {
    const limited = await startHttpServer({ args: hosted(idp.issuer, ['--rate-limit', '3', '--max-body-mb', '1']) });
    try {
      const token = `Bearer ${await userToken('dave')}`;
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await post(limited.endpoint, initialize, token)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await post(limited.endpoint, initialize, token);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another user has a budget of their own.
      const other = `Bearer ${await userToken('erin')}`;
      const huge = await post(limited.endpoint, { ...initialize, padding: 'x'.repeat(2 * 1024 * 1024) }, other);
      expect(huge.status).toBe(413);
    } finally {
      await limited.stop();
    }
  });

  it('is ready when the issuer and the API answer, and says not ready (503, never 500) when the issuer does not', async () => {
    const ready = await request(new URL('/readyz', server.endpoint));
    expect(ready.statusCode).toBe(200);
    expect(await ready.body.json()).toEqual({
      status: 'ready',
      checks: { upstream: true, state_store: true, authorization_server: true },
    });

    const orphan = await startHttpServer({ args: hosted('http://127.0.0.1:9') });
    try {
      const probe = await request(new URL('/readyz', orphan.endpoint));
      expect(probe.statusCode).toBe(503);
      expect(await probe.body.json()).toMatchObject({ status: 'not ready', checks: { authorization_server: false } });
      const call = await post(orphan.endpoint, initialize, 'Bearer whatever.it.is');
      expect(call.status).toBe(503);
      expect(call.headers['retry-after']).toBe('5');
      expect((await request(new URL('/healthz', orphan.endpoint))).statusCode).toBe(200);
    } finally {
      await orphan.stop();
    }
  });
});

describe('callers kept apart', () => {
  it("a token without sub whose client id equals a user's subject is not that user: not for confirmations, the rate limit or the audit trail", async () => {
    const limited = await startHttpServer({ args: hosted(idp.issuer, ['--rate-limit', '5']) });
    try {
      const grace = await userToken('grace');
      const bot = await idp.lookalikeToken({ resource: PUBLIC_URL, scope: 'read modify' });
      // The user's preview...
      const user = await connectHttp('modern', limited.endpoint, grace);
      const [invoice] = dataOf<Page>(
        await user.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
      ).items.filter((item) => !item.payment_amount_gross);
      const args = {
        invoice_id: invoice!.id,
        payment_amount_gross: '12.00',
        payment_date: '2026-11-20',
        is_final_payment: false,
      };
      const preview = await user.callTool('register_invoice_payment', args);
      const { confirmation } = preview.structuredContent as { confirmation: string };
      await user.close();
      // ...is not the machine client's to confirm, and its calls count against a budget of its own.
      const machine = await connectHttp('modern', limited.endpoint, bot);
      const refused = await machine.callTool('register_invoice_payment', { ...args, confirmation });
      await machine.close();
      expect(refused.isError, textOf(refused)).toBe(true);
      expect(textOf(refused)).toMatch(/The confirmation was issued to another user\. Nothing was sent\./);
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await post(limited.endpoint, initialize, `Bearer ${bot}`)).status);
      expect(statuses).toContain(429);
      expect((await post(limited.endpoint, initialize, `Bearer ${grace}`)).status).toBe(200);
      const audited = (await logLines(limited, (lines) => lines.filter((line) => line.audit === 'tool_call').length >= 3)).filter(
        (line) => line.audit === 'tool_call' || line.audit === 'money_write',
      );
      const callers = new Set(audited.filter((line) => line.audit === 'money_write').map((line) => line.caller));
      expect(callers).toEqual(new Set([`${idp.issuer} grace`, `${idp.issuer} client:grace`]));
      expect(new Set(audited.filter((line) => line.audit === 'tool_call').map((line) => line.sub))).toEqual(
        new Set(['grace', 'client:grace']),
      );
    } finally {
      await limited.stop();
    }
  });
});

describe('opaque tokens', () => {
  it('are accepted through introspection when --oauth-introspection is set, and refused without it', async () => {
    const token = await userToken('frank', 'read', { opaque: true });
    expect(token).not.toMatch(/\./);
    expect((await post(server.endpoint, initialize, `Bearer ${token}`)).status).toBe(401);
    const introspecting = await startHttpServer({
      args: hosted(idp.issuer, ['--oauth-introspection']),
      env: { PFM_OAUTH_CLIENT_ID: 'finance-mcp', PFM_OAUTH_CLIENT_SECRET: 'finance-mcp-secret-7f3a9c' },
    });
    try {
      const client = await connectHttp('modern', introspecting.endpoint, token);
      expect((await client.listTools()).map((tool) => tool.name)).toContain('list_projects');
      await client.close();
      const apiToken = await idp.userToken('frank', { resource: 'https://api.finance.test', scope: 'api', opaque: false });
      expect((await post(introspecting.endpoint, initialize, `Bearer ${apiToken}`)).status).toBe(401);
    } finally {
      await introspecting.stop();
    }
  });
});

describe('an issuer over HTTPS', () => {
  const certificate = localhostCertificate();

  it.runIf(certificate)('is trusted through NODE_EXTRA_CA_CERTS, and not without it', async () => {
    const secure = await startIdentityProvider({ tls: certificate! });
    const token = await secure.userToken('hana', { resource: PUBLIC_URL, scope: 'read' });
    const trusting = await startHttpServer({ args: hosted(secure.issuer), env: { NODE_EXTRA_CA_CERTS: certificate!.certFile } });
    const doubting = await startHttpServer({ args: hosted(secure.issuer) });
    try {
      expect(secure.issuer).toMatch(/^https:\/\/localhost:\d+$/);
      expect((await post(trusting.endpoint, initialize, `Bearer ${token}`)).status).toBe(200);
      // An unknown certificate is not the caller's fault: the issuer is unreachable for this server.
      expect((await post(doubting.endpoint, initialize, `Bearer ${token}`)).status).toBe(503);
    } finally {
      await Promise.all([trusting.stop(), doubting.stop()]);
      await secure.close();
    }
  });
});

describe('confirmations in hosted mode', () => {
  it("are bound to the caller: one user cannot commit another's", async () => {
    const alice = await connectHttp('modern', server.endpoint, await userToken('alice'));
    const bob = await connectHttp('modern', server.endpoint, await userToken('bob'));
    try {
      const invoices = dataOf<Page>(
        await alice.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
      );
      const invoice = invoices.items.find((item) => !item.payment_amount_gross)!;
      const args = { invoice_id: invoice.id, payment_amount_gross: '2.00', payment_date: '2026-11-20', is_final_payment: false };
      const { confirmation } = (await alice.callTool('register_invoice_payment', args)).structuredContent as {
        confirmation: string;
      };
      const stolen = await bob.callTool('register_invoice_payment', { ...args, confirmation });
      expect(stolen.isError).toBe(true);
      expect(textOf(stolen)).toMatch(/The confirmation was issued to another user\. Nothing was sent\./);
      const own = await alice.callTool('register_invoice_payment', { ...args, confirmation });
      expect((own.structuredContent as { status: string }).status).toBe('committed');
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });
});
