/**
 * Writes that move money through the guarded path. Committed payments per second: clients over
 * streamable HTTP each preview a payment and confirm it, in a loop, against the published bin
 * with the memory store and with a Redis store (redis-server on loopback), the sandbox in a
 * process of its own. And the time the claim adds to one commit: the state-store steps a commit
 * makes (claim the confirmation, lease the invoice, record the state before, the outcome and what
 * was made), timed alone against each store in this process, from the built modules.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { BIN, listening, sandboxProcess } from './processes.mjs';
import { ms, percentile, table } from './stats.mjs';
import { importTypeScript } from './typescript.mjs';

/** A built module of the server. @param {string} path */
const dist = (path) => new URL(`../../dist/src/${path}`, import.meta.url).href;

/**
 * A connected 2026-07-28 client over HTTP.
 * @param {string} endpoint
 */
async function connected(endpoint) {
  const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
  return client;
}

/**
 * The published bin over HTTP against the sandbox, with `store` as its state store.
 * @param {string} fincon @param {string} store
 */
function server(fincon, store) {
  return listening(
    [BIN, '--transport', 'http', '--port', '0', '--fincon-url', fincon, '--state-store', store, '--rate-limit', '1000000'],
    { PFM_API_KEY: 'bench', PFM_API_TOKEN: 'bench' },
    'stderr',
    /MCP endpoint: (\S+)/,
  );
}

/**
 * `clients` loops, each paying its own invoice for `seconds`: preview, then confirm. Committed
 * payments, and how long each confirm took.
 * @param {string} endpoint @param {string[]} invoices @param {number} seconds
 */
async function payLoop(endpoint, invoices, seconds) {
  const until = performance.now() + seconds * 1000;
  /** @type {number[]} */
  const commits = [];
  let failures = 0;
  await Promise.all(
    invoices.map(async (invoiceId) => {
      const client = await connected(endpoint);
      const args = {
        invoice_id: invoiceId,
        payment_amount_gross: '0.01',
        payment_date: '2026-11-24',
        payment_comment: 'bench',
        is_final_payment: false,
      };
      try {
        while (performance.now() < until) {
          /** @type {any} */
          const preview = await client.callTool({ name: 'register_invoice_payment', arguments: args });
          const confirmation = preview.structuredContent?.confirmation;
          if (!confirmation) {
            failures += 1;
            continue;
          }
          const started = performance.now();
          /** @type {any} */
          const done = await client.callTool({ name: 'register_invoice_payment', arguments: { ...args, confirmation } });
          if (done.structuredContent?.status === 'committed') commits.push(performance.now() - started);
          else failures += 1;
        }
      } finally {
        await client.close();
      }
    }),
  );
  return { perSecond: commits.length / seconds, commits, failures };
}

/**
 * The state-store steps of one commit, `rounds` times against `store`: each round's milliseconds.
 * @param {any} store @param {number} rounds
 */
async function claimSteps(store, rounds) {
  const claims = await import(dist('writes/claims.js'));
  const { acquireLease } = await import(dist('writes/leases.js'));
  /** @type {number[]} */
  const samples = [];
  for (let round = 0; round < rounds; round += 1) {
    const resource = `bench:invoice:${round % 8}`;
    const record = { tool: 'register_invoice_payment', caller: 'bench', resource, args: {}, claimedAt: new Date().toISOString() };
    const started = performance.now();
    const holding = await claims.holdConfirmation(
      store,
      `confirmation-${round}-${Math.random()}`,
      () => record,
      Date.now() + 600_000,
      1_000,
    );
    const lease = await acquireLease(store, resource, 1_000);
    await store.members(claims.unknownKeyOf(resource));
    const sending = await claims.updateClaim(store, holding.claim, { ...record, before: { paid: round } });
    await store.addMember(claims.unknownKeyOf(resource), sending.key, 60_000);
    const outcome = { outcome: 'committed', answer: { content: [] }, at: new Date().toISOString(), reference: 'bench' };
    await claims.updateClaim(store, sending, { ...sending.record, outcome });
    await store.addMember(`made:${resource}`, JSON.stringify({ id: `payment-${round}` }), 60_000);
    await store.removeMember(claims.unknownKeyOf(resource), sending.key);
    await lease.release();
    await holding.lease.release();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * The table: commits per second and confirm latency with each store, and the claim's own time.
 * @param {{ seconds: number, clients: number }} options
 */
export async function guardedWritesTable({ seconds, clients }) {
  const sandbox = await sandboxProcess();
  const { ensureRedis, startRedis } = await importTypeScript('../support/redis.ts');
  const binary = ensureRedis();
  const redis = binary ? await startRedis(binary) : undefined;
  const { MemoryStore } = await import(dist('state/memory.js'));
  const { connectRedisStore } = await import(dist('state/redis.js'));
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[][]} */
  const claimRows = [];
  try {
    /** @type {any} */
    const approved = await (
      await fetch(`${sandbox.fincon}/invoices/?filter[invoice_process_state.in]=APPROVED`, {
        headers: { 'x-api-key': 'bench', 'x-api-token': 'bench' },
      })
    ).json();
    const invoices = approved.data.slice(0, clients).map((/** @type {{ id: string }} */ invoice) => invoice.id);
    for (const [label, store] of [['memory', 'memory'], ...(redis ? [['Redis', redis.url]] : [])]) {
      const ours = await server(sandbox.fincon, store);
      try {
        await payLoop(ours.found, invoices, 2);
        const { perSecond, commits, failures } = await payLoop(ours.found, invoices, seconds);
        rows.push([label, perSecond.toFixed(1), ms(percentile(commits, 50)), ms(percentile(commits, 99)), String(failures)]);
      } finally {
        ours.stop();
      }
    }
    const stores = [
      ['memory', new MemoryStore()],
      ...(redis ? [['Redis', await connectRedisStore({ url: redis.url, log: () => {} })]] : []),
    ];
    for (const [label, store] of stores) {
      await claimSteps(store, 200);
      const samples = await claimSteps(store, 2_000);
      claimRows.push([label, ms(percentile(samples, 50)), ms(percentile(samples, 99))]);
      await store.close();
    }
  } finally {
    sandbox.stop();
    await redis?.stop();
  }
  return [
    `### Writes that move money over streamable HTTP (${clients} clients, ${seconds} s each; preview, then confirm)`,
    '',
    table(['state store', 'committed payments per second', 'confirm p50', 'confirm p99', 'failed'], rows),
    '',
    table(['the claim per commit (its state-store steps alone)', 'p50', 'p99'], claimRows),
    ...(redis ? [] : ['', 'redis-server is missing and could not be installed: the Redis rows are left out.']),
  ].join('\n');
}
