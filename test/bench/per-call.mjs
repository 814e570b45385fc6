/**
 * Per-call overhead over stdio: a tool call through a real client, minus the same REST call sent
 * with undici straight to the sandbox, beside the same figure for the one-tool floor servers whose
 * tool makes that GET (with undici and a keep-alive pool, the lean floor the target is set
 * against; and with Node's fetch, the plain way). Alternating, after warm-up; the sandbox runs in
 * a process of its own, the servers on the Node binary given.
 */
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { BIN, getJson, HEADERS, sandboxProcess, stdioClient } from './processes.mjs';
import { ms, percentile, table, verdict } from './stats.mjs';

const FLOOR = fileURLToPath(new URL('./floor-server.mjs', import.meta.url));

/**
 * Milliseconds `work` takes.
 * @param {() => Promise<unknown>} work
 */
async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** @param {string} url @param {unknown} body */
async function directPost(url, body) {
  const answer = await request(url, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  if (answer.statusCode >= 300) throw new Error(`POST ${url}: ${answer.statusCode} ${await answer.body.text()}`);
  return answer.body.json();
}

/** A partial payment of one cent: the invoice stays APPROVED, so every round can pay again. */
const PAYMENT = { payment_amount_gross: '0.01', payment_date: '2026-11-24', payment_comment: 'bench', is_final_payment: false };

/**
 * @param {import('@modelcontextprotocol/client').Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 300)}`);
  return result;
}

/**
 * The per-call table on Node `node`: `rounds` calls of each kind, in turn, after as many warm-up calls.
 * @param {number} rounds @param {{ label: string, binary: string }} node
 */
export async function perCallTable(rounds, node) {
  const sandbox = await sandboxProcess();
  const { fincon } = sandbox;
  /** @type {any} */
  const page = await getJson(`${fincon}/invoices/`);
  const invoiceId = page.data[0].id;
  const invoiceUrl = `${fincon}/invoices/${invoiceId}/`;
  /** @type {any} */
  const approved = await getJson(`${fincon}/invoices/?filter[invoice_process_state.in]=APPROVED`);
  const payable = approved.data[0].id;
  const payableUrl = `${fincon}/invoices/${payable}/`;
  const payment = { invoice_id: payable, ...PAYMENT };
  // What the tool reads and writes: the invoice and its payments for the preview; the same again,
  // the payment, and the payments read back for the commit.
  const stateReads = () => Promise.all([getJson(payableUrl), getJson(`${payableUrl}payments/`)]);
  const directCommit = async () => {
    await stateReads();
    await directPost(`${payableUrl}register-payment/`, { data: { type: 'INVOICE_PAYMENT', attributes: PAYMENT } });
    await getJson(`${payableUrl}payments/`);
  };
  const connected = async (/** @type {string[]} */ args, /** @type {Record<string, string>} */ env) =>
    (await stdioClient(args, env, node.binary)).client;
  const ours = await connected([BIN, '--fincon-url', fincon, '--max-answer-tokens', '1000000'], {
    PFM_API_KEY: 'bench',
    PFM_API_TOKEN: 'bench',
  });
  const leanFloor = await connected([FLOOR], { FLOOR_GET_URL: `${fincon}/invoices/{id}/`, FLOOR_CLIENT: 'undici' });
  const fetchFloor = await connected([FLOOR], { FLOOR_GET_URL: `${fincon}/invoices/{id}/` });
  /** @type {Record<string, () => Promise<unknown>>} */
  const kinds = {
    'direct GET invoice': () => getJson(invoiceUrl),
    'ours get_invoice': () => call(ours, 'get_invoice', { invoice_id: invoiceId }),
    'lean floor get_invoice': () => call(leanFloor, 'get_invoice', { invoice_id: invoiceId }),
    'floor with fetch get_invoice': () => call(fetchFloor, 'get_invoice', { invoice_id: invoiceId }),
    'direct GET 100 invoices': () => getJson(`${fincon}/invoices/`),
    'ours list_invoices (100 rows)': () => call(ours, 'list_invoices', {}),
    'direct payment preview reads': stateReads,
    'ours register_invoice_payment preview': () => call(ours, 'register_invoice_payment', payment),
    'direct payment commit (reads, POST, read back)': directCommit,
  };
  /** The commit, timed alone: each needs the confirmation of a fresh preview. */
  const commit = async () => {
    /** @type {any} */
    const preview = await call(ours, 'register_invoice_payment', payment);
    const confirmation = preview.structuredContent?.confirmation;
    if (!confirmation) throw new Error(`no confirmation in the preview: ${JSON.stringify(preview).slice(0, 300)}`);
    return timed(() => call(ours, 'register_invoice_payment', { ...payment, confirmation }));
  };
  const COMMIT = 'ours register_invoice_payment commit';
  /** @type {Record<string, number[]>} */
  const samples = Object.fromEntries([...Object.keys(kinds), COMMIT].map((kind) => [kind, []]));
  try {
    for (let round = 0; round < rounds * 2; round += 1) {
      for (const [kind, work] of Object.entries(kinds)) {
        const took = await timed(work);
        if (round >= rounds) samples[kind]?.push(took);
      }
      const took = await commit();
      if (round >= rounds) samples[COMMIT]?.push(took);
    }
  } finally {
    await ours.close();
    await leanFloor.close();
    await fetchFloor.close();
    sandbox.stop();
  }
  /** @param {string} kind @param {number} p */
  const at = (kind, p) => percentile(samples[kind] ?? [], p);
  const oursGet = at('ours get_invoice', 50) - at('direct GET invoice', 50);
  const leanFloorGet = at('lean floor get_invoice', 50) - at('direct GET invoice', 50);
  const fetchFloorGet = at('floor with fetch get_invoice', 50) - at('direct GET invoice', 50);
  const oursList = at('ours list_invoices (100 rows)', 50) - at('direct GET 100 invoices', 50);
  const oursPreview = at('ours register_invoice_payment preview', 50) - at('direct payment preview reads', 50);
  const oursCommit = at(COMMIT, 50) - at('direct payment commit (reads, POST, read back)', 50);
  return [
    `### Per call over stdio on ${node.label} (${rounds} calls each, after ${rounds} warm-up calls)`,
    '',
    table(
      ['call', 'p50', 'p99'],
      Object.keys(samples).map((kind) => [kind, ms(at(kind, 50)), ms(at(kind, 99))]),
    ),
    '',
    table(
      ['overhead over the direct REST call (p50)', 'ours', 'lean floor', 'floor with fetch'],
      [
        ['get_invoice', ms(oursGet), ms(leanFloorGet), ms(fetchFloorGet)],
        ['list_invoices, 100 rows', ms(oursList), '-', '-'],
        ['register_invoice_payment preview', ms(oursPreview), '-', '-'],
        ['register_invoice_payment commit', ms(oursCommit), '-', '-'],
      ],
    ),
    '',
    table(
      ['target', 'measured', ''],
      [
        [
          "our own cost per get_invoice (overhead minus the lean floor's) <= 0.3 ms",
          ms(oursGet - leanFloorGet),
          verdict(oursGet - leanFloorGet <= 0.3),
        ],
      ],
    ),
  ].join('\n');
}
