/** The sandbox as an OAuth resource server: bearer JWTs of the configured issuer and audience. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { API_RESOURCE, startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider.js';
import { call, CREDENTIALS } from './helpers.js';

let idp: TestIdentityProvider;
let both: SandboxHandle;
let tokensOnly: SandboxHandle;

beforeAll(async () => {
  idp = await startIdentityProvider();
  both = await startSandbox({ oauth: { issuer: idp.issuer, audience: API_RESOURCE } });
  tokensOnly = await startSandbox({ oauth: { issuer: idp.issuer, audience: API_RESOURCE, only: true } });
});
afterAll(async () => {
  await Promise.all([both?.close(), tokensOnly?.close()]);
  await idp?.close();
});

const projects = (sandbox: SandboxHandle, headers: Record<string, string>) =>
  call(`${sandbox.baseUrls.fincon}/projects/`, { credentials: false, headers });

describe('bearer tokens at the sandbox', () => {
  it('accepts a token of the issuer for the API audience', async () => {
    const token = await idp.userToken('ivy', { resource: API_RESOURCE, scope: 'api' });
    const answer = await projects(tokensOnly, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeGreaterThan(0);
  });

  it('refuses tokens for another audience, expired (even one it took before) or forged ones, with 401 invalid_token', async () => {
    const foreign = await idp.userToken('ivy', { resource: 'http://127.0.0.1:1/mcp', scope: 'read' });
    idp.apiTokenTtl = 1;
    const expired = await idp.userToken('ivy', { resource: API_RESOURCE, scope: 'api' }).finally(() => {
      idp.apiTokenTtl = 300;
    });
    expect((await projects(both, { authorization: `Bearer ${expired}` })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    for (const token of [foreign, expired, `${foreign.slice(0, -4)}AAAA`, 'junk']) {
      const answer = await projects(both, { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });

  it('keeps taking API keys beside tokens, unless only tokens are wanted', async () => {
    expect((await projects(both, CREDENTIALS)).status).toBe(200);
    const refused = await projects(tokensOnly, CREDENTIALS);
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].detail).toMatch(/send an OAuth bearer token/);
  });
});
