/**
 * Scale-out, proven: two stateless instances behind nginx, several users reading and paying at
 * once, one instance killed mid-run. Reads go on, no payment is lost or recorded twice, and every
 * API request carries the token of the user it is made for. The API is the sandbox, taking
 * bearer tokens only, behind a proxy that records what reached it.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { API_RESOURCE, SERVER_CLIENT, startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider.js';
import { connectHttp, dataOf, startHttpServer, type HttpServer, type Page, type TestClient } from '../support/harness.js';
import { ensureNginx, startLoadBalancer, type LoadBalancer } from '../support/nginx.js';

const PUBLIC_URL = 'https://finance-mcp.example.test/mcp';
const USERS = ['uma', 'viktor', 'wanda'];
const ROUNDS = 12;

const nginx = ensureNginx();

describe.runIf(nginx)('two instances behind nginx', () => {
  let idp: TestIdentityProvider;
  let sandbox: SandboxHandle;
  let proxy: FaultProxy;
  let instances: HttpServer[];
  let balancer: LoadBalancer;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    sandbox = await startSandbox({ oauth: { issuer: idp.issuer, audience: API_RESOURCE, only: true } });
    proxy = await startFaultProxy(sandbox.origin);
    const args = [
      '--auth',
      'oauth',
      '--oauth-issuer',
      idp.issuer,
      '--public-url',
      PUBLIC_URL,
      '--upstream-auth',
      'token-exchange',
      '--upstream-resource',
      API_RESOURCE,
      '--fincon-url',
      `${proxy.origin}/fincon/v1`,
      // nginx forwards the client's Host; the instances answer for the balancer's name.
      '--allowed-hosts',
      'any',
    ];
    // Confirmations issued by one instance are committed on whichever the balancer picks.
    const env = {
      PFM_OAUTH_CLIENT_ID: SERVER_CLIENT.clientId,
      PFM_OAUTH_CLIENT_SECRET: SERVER_CLIENT.clientSecret,
      PFM_CONFIRMATION_KEY: 'shared-by-both-instances-91d2',
    };
    instances = await Promise.all([startHttpServer({ args, env }), startHttpServer({ args, env })]);
    balancer = await startLoadBalancer(
      nginx!,
      instances.map((instance) => new URL(instance.endpoint).host),
    );
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await proxy?.close();
    await sandbox?.close();
    await idp?.close();
  });

  it(
    'keeps reading, loses and doubles no payment, and never mixes up users, when one instance dies',
    { timeout: 120_000 },
    async () => {
      const endpoint = `${balancer.origin}/mcp`;
      const clients = new Map<string, TestClient>();
      for (const user of USERS) {
        clients.set(
          user,
          await connectHttp('modern', endpoint, await idp.userToken(user, { resource: PUBLIC_URL, scope: 'read modify' })),
        );
      }
      // Each user pays their own invoice.
      const approved = dataOf<Page>(
        await clients.get(USERS[0]!)!.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
      ).items.filter((invoice) => !invoice.payment_amount_gross);
      const invoiceOf = new Map(USERS.map((user, index) => [user, approved[index]!.id]));

      const writes: Array<{ user: string; comment: string; ok: boolean }> = [];
      const reads = { attempts: 0, failedOnce: 0, failedTwice: 0 };
      let round = 0;
      const killed = { done: false };

      async function read(client: TestClient): Promise<void> {
        reads.attempts += 1;
        for (let attempt = 0; attempt < 2; attempt += 1) {
          try {
            const result = await client.callTool('list_projects');
            if (!result.isError) return;
          } catch {
            // A request in flight on the instance that died; a read may simply be asked again.
          }
          if (attempt === 0) reads.failedOnce += 1;
        }
        reads.failedTwice += 1;
      }

      async function work(user: string): Promise<void> {
        const client = clients.get(user)!;
        for (let i = 0; i < ROUNDS; i += 1) {
          if (user === USERS[0] && (round += 1) === 5 && !killed.done) {
            killed.done = true;
            instances[0]!.process.kill('SIGKILL');
          }
          await read(client);
          const comment = `${user}-${i}`;
          const args = {
            invoice_id: invoiceOf.get(user),
            payment_amount_gross: '1.00',
            payment_date: '2026-11-20',
            payment_comment: comment,
            is_final_payment: false,
          };
          // The preview only reads: like a read, it may simply be asked again.
          let confirmation: string | undefined;
          for (let attempt = 0; attempt < 2 && !confirmation; attempt += 1) {
            try {
              const preview = await client.callTool('register_invoice_payment', args);
              confirmation = (preview.structuredContent as { confirmation?: string } | undefined)?.confirmation;
            } catch {
              // in flight on the instance that died
            }
          }
          expect(confirmation, `${comment} was previewed`).toEqual(expect.any(String));
          try {
            const result = await client.callTool('register_invoice_payment', { ...args, confirmation });
            writes.push({
              user,
              comment,
              ok: (result.structuredContent as { status?: string } | undefined)?.status === 'committed',
            });
          } catch {
            // An answer lost with the instance: the payment may or may not have been made.
            writes.push({ user, comment, ok: false });
          }
        }
      }

      await Promise.all(USERS.map(work));
      await Promise.all([...clients.values()].map((client) => client.close()));

      expect(killed.done).toBe(true);
      // Both instances served calls (their audit lines), the first until it was killed.
      for (const instance of instances) expect(instance.stderr()).toContain('"audit":"tool_call"');
      console.log(
        `scale-out: ${reads.failedOnce} reads asked twice, ${writes.filter((write) => !write.ok).length} payments unanswered`,
      );
      expect(reads.failedTwice).toBe(0);
      expect(reads.attempts).toBe(USERS.length * ROUNDS);

      // Count at the API itself, not through our server.
      const headers = { authorization: `Bearer ${await idp.userToken('auditor', { resource: API_RESOURCE, scope: 'api' })}` };
      for (const user of USERS) {
        const response = await fetch(`${sandbox.baseUrls.fincon}/invoices/${invoiceOf.get(user)}/payments/`, { headers });
        const booked = ((await response.json()) as { data: Array<{ attributes: { payment_comment: string } }> }).data.map(
          (payment) => payment.attributes.payment_comment,
        );
        for (const write of writes.filter((entry) => entry.user === user)) {
          const times = booked.filter((comment) => comment === write.comment).length;
          // Answered: booked exactly once. Unanswered: booked once or not at all, never twice.
          if (write.ok) expect(times, `${write.comment} was answered`).toBe(1);
          else expect(times, `${write.comment} had no answer`).toBeLessThanOrEqual(1);
        }
        expect(new Set(booked).size).toBe(booked.length);
      }
      expect(writes.filter((write) => write.ok).length).toBeGreaterThan(USERS.length * ROUNDS - 6);

      // Every payment reached the API with the token of the user who made it.
      const payments = proxy.seen.filter((request) => request.method === 'POST' && request.path.includes('/register-payment/'));
      expect(payments.length).toBeGreaterThanOrEqual(writes.filter((write) => write.ok).length);
      for (const request of payments) {
        const comment = (JSON.parse(request.body) as { data: { attributes: { payment_comment: string } } }).data.attributes
          .payment_comment;
        const claims = decodeJwt(String(request.headers.authorization).replace(/^Bearer /, ''));
        expect(claims.sub, comment).toBe(comment.split('-')[0]);
        expect(claims.aud).toBe(API_RESOURCE);
      }
      for (const request of proxy.seen) expect(USERS).toContain(decodeJwt(String(request.headers.authorization).slice(7)).sub);
    },
  );
});

describe.skipIf(nginx)('two instances behind nginx', () => {
  it('was NOT tested: nginx is missing and could not be installed here', () => {});
});
