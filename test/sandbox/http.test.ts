import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { call, CREDENTIALS, get, useSandbox } from './helpers.js';

const sandbox = useSandbox();

describe('credentials', () => {
  it.each([
    ['no headers', {}],
    ['only X-API-KEY', { 'x-api-key': 'k' }],
    ['only X-API-TOKEN', { 'x-api-token': 't' }],
    ['an empty token', { 'x-api-key': 'k', 'x-api-token': ' ' }],
  ])('answers 401 for %s', async (_case, headers) => {
    const response = await call(`${sandbox.fincon}/projects/`, { credentials: false, headers });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      data: null,
      errors: [{ status: '401', title: 'Unauthorized', detail: expect.stringContaining('X-API-KEY') }],
      included: null,
      links: null,
    });
  });

  it('accepts any non-empty pair', async () => {
    const response = await call(`${sandbox.fincon}/projects/`, {
      credentials: false,
      headers: { 'x-api-key': 'a', 'x-api-token': 'b' },
    });
    expect(response.status).toBe(200);
  });
});

describe('paths', () => {
  it('redirects a path without trailing slash with 307, keeping the query', async () => {
    const response = await get(`${sandbox.fincon}/invoices?filter[invoice_process_state.in]=PAID`);
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe(`${sandbox.fincon}/invoices/?filter[invoice_process_state.in]=PAID`);
  });

  it('redirects item and sub-resource paths too, and the redirect target answers', async () => {
    const list = await get(`${sandbox.fincon}/invoices/`);
    const id = list.body.data[0].id;
    const response = await get(`${sandbox.fincon}/invoices/${id}/payments`);
    expect(response.status).toBe(307);
    const followed = await get(response.headers.location as string);
    expect(followed.status).toBe(200);
  });

  it.each(['/fincon/v1/nothing/', '/fincon/v1/nothing', '/capex/v1/projects/', '/esg/v1/nothing/', '/'])(
    'answers 404 with errors[] for the unknown route %s',
    async (path) => {
      const response = await get(`${sandbox.handle.origin}${path}`);
      expect(response.status).toBe(404);
      expect(response.body.errors[0]).toMatchObject({ status: '404', title: 'Not Found' });
      expect(response.body.data).toBeNull();
    },
  );

  it('answers 405 with Allow for a method the path does not offer', async () => {
    const response = await call(`${sandbox.fincon}/projects/`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, POST');
    expect(response.body.errors[0].status).toBe('405');
  });

  it('exposes the product bases without trailing slash', () => {
    const { origin, baseUrls } = sandbox.handle;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(baseUrls).toEqual({ fincon: `${origin}/fincon/v1`, capex: `${origin}/capex/v1`, esg: `${origin}/esg/v1` });
  });

  it('runs its storage host on another origin, closed with the sandbox', async () => {
    const { origin, storageOrigin } = sandbox.handle;
    expect(storageOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(storageOrigin).not.toBe(origin);
    const other = await startSandbox();
    const invoice = (await get(`${other.baseUrls.fincon}/invoices/`)).body.data[0];
    const document = (await get(`${other.baseUrls.fincon}/invoices/${invoice.id}/documents/`)).body.data[0];
    const link = (await get(document.links.download)).headers.location as string;
    expect(new URL(link).origin).toBe(other.storageOrigin);
    const served = await request(link);
    await served.body.dump();
    expect(served.statusCode).toBe(200);
    await other.close();
    // Refused, unless another server (of a parallel test) took the freed port; that one does not serve the link.
    const after = await request(link).then(
      async (response) => {
        await response.body.dump();
        return response.statusCode;
      },
      () => 'refused',
    );
    expect(after).not.toBe(200);
  });
});

async function raw(url: string, acceptEncoding?: string) {
  const response = await request(url, {
    headers: { ...CREDENTIALS, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
  return { headers: response.headers, bytes: Buffer.from(await response.body.arrayBuffer()) };
}

function decode(bytes: Buffer, encoding: unknown): unknown {
  const text = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
  return JSON.parse(text.toString('utf8'));
}

describe('compression', () => {
  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['*', 'br'],
  ])('negotiates Accept-Encoding %s as %s', async (accept, expected) => {
    const plain = await raw(`${sandbox.fincon}/invoices/`);
    const packed = await raw(`${sandbox.fincon}/invoices/`, accept);
    expect(packed.headers['content-encoding']).toBe(expected);
    expect(packed.headers.vary).toBe('Accept-Encoding');
    expect(packed.bytes.length).toBeLessThan(plain.bytes.length);
    expect(decode(packed.bytes, expected)).toEqual(JSON.parse(plain.bytes.toString('utf8')));
  });

  it.each(['identity', 'deflate', 'gzip;q=0, br;q=0'])('sends plain JSON for %s', async (accept) => {
    const response = await raw(`${sandbox.fincon}/projects/`, accept);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(response.bytes.toString('utf8')).data.length).toBeGreaterThan(0);
  });

  it('lets fetch decompress transparently', async () => {
    const response = await fetch(`${sandbox.fincon}/projects/`, { headers: { ...CREDENTIALS, 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  describe.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['identity', undefined],
  ] as const)('with encoding forced to %s', (encoding, expected) => {
    const forced = useSandbox({ encoding } satisfies SandboxOptions);
    it('uses it whatever the client asks for, errors included', async () => {
      for (const accept of [undefined, 'gzip', 'br']) {
        const ok = await raw(`${forced.fincon}/projects/`, accept);
        expect(ok.headers['content-encoding']).toBe(expected);
        expect(decode(ok.bytes, expected)).toMatchObject({ errors: null });
      }
      const unauthorized = await request(`${forced.fincon}/projects/`);
      expect(unauthorized.statusCode).toBe(401);
      expect(unauthorized.headers['content-encoding']).toBe(expected);
      expect(decode(Buffer.from(await unauthorized.body.arrayBuffer()), expected)).toMatchObject({ errors: [{ status: '401' }] });
    });
  });
});

describe('lifecycle', () => {
  it('listens on the requested port and host', async () => {
    const probe = await startSandbox();
    const port = Number(new URL(probe.origin).port);
    await probe.close();
    const handle = await startSandbox({ port, host: '127.0.0.1' });
    try {
      expect(handle.origin).toBe(`http://127.0.0.1:${port}`);
      expect((await get(`${handle.baseUrls.fincon}/projects/`)).status).toBe(200);
    } finally {
      await handle.close();
    }
  });

  it('closes promptly, and idempotently, while a client keeps connections alive', async () => {
    const handle = await startSandbox();
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    try {
      const response = await request(`${handle.baseUrls.fincon}/projects/`, { headers: CREDENTIALS, dispatcher: agent });
      await response.body.text();
      await Promise.all([handle.close(), handle.close()]);
      await expect(request(`${handle.baseUrls.fincon}/projects/`, { headers: CREDENTIALS, dispatcher: agent })).rejects.toThrow();
    } finally {
      await agent.close();
    }
  });

  it('gives every sandbox its own store', async () => {
    const other = await startSandbox();
    try {
      const units = await get(`${other.baseUrls.fincon}/projects/`);
      const created = await call(`${other.baseUrls.fincon}/contract_units/`, {
        method: 'POST',
        body: {
          data: {
            attributes: { name: 'Nur hier' },
            relationships: { project: { data: { id: units.body.data[0].id, type: 'PROJECT' } } },
          },
        },
      });
      expect(created.status).toBe(201);
      expect((await get(`${other.baseUrls.fincon}/contract_units/${created.body.data.id}/`)).status).toBe(200);
      expect((await get(`${sandbox.fincon}/contract_units/${created.body.data.id}/`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
