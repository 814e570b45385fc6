/** Faults on purpose in the sandbox: refusals before anything is stored, answers lost after a write. */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultPlanner, parseFaultSpec } from '../../src/sandbox/faults.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { call, CREDENTIALS, query, walk } from './helpers.js';

describe('a fault spec', () => {
  it('reads every fault and says what is wrong with a bad one', () => {
    expect(parseFaultSpec('drop-after-commit=0.1,status-503=0.05,status-429=0.05,latency-ms=0-40,seed=7')).toEqual({
      dropAfterCommit: 0.1,
      status503: 0.05,
      status429: 0.05,
      latencyMs: [0, 40],
      seed: 7,
    });
    expect(() => parseFaultSpec('status-503=2')).toThrow(/status-503 takes a probability from 0 to 1/);
    expect(() => parseFaultSpec('latency-ms=40-0')).toThrow(/latency-ms takes milliseconds or a range/);
    expect(() => parseFaultSpec('explode=1')).toThrow(/unknown fault "explode"/);
    expect(parseFaultSpec('refuse-include=422').refuseInclude).toBe(422);
    expect(() => parseFaultSpec('refuse-include=500')).toThrow(/refuse-include takes the status to answer, 400 or 422/);
  });

  it('plans the same faults for the same seed, cuts only writes, and keeps to its probabilities', () => {
    const spec = parseFaultSpec('drop-after-commit=0.3,status-503=0.2,status-429=0.1,latency-ms=5-10,seed=3');
    const [first, second] = [faultPlanner(spec), faultPlanner(spec)];
    const plans = Array.from({ length: 2_000 }, (_, index) => first(index % 2 === 0));
    expect(Array.from({ length: 2_000 }, (_, index) => second(index % 2 === 0))).toEqual(plans);
    const share = (test: (plan: (typeof plans)[number]) => boolean) => plans.filter(test).length / plans.length;
    expect(share((plan) => plan.refuse === 503)).toBeCloseTo(0.2, 1);
    expect(share((plan) => plan.refuse === 429)).toBeCloseTo(0.1, 1);
    expect(plans.filter((plan, index) => index % 2 === 1 && plan.dropAfterCommit)).toEqual([]);
    expect(plans.every((plan) => plan.delayMs >= 5 && plan.delayMs <= 10)).toBe(true);
  });
});

describe('a sandbox with faults', () => {
  let cutting: SandboxHandle;
  let refusing: SandboxHandle;
  beforeAll(async () => {
    cutting = await startSandbox({ faults: parseFaultSpec('drop-after-commit=1') });
    refusing = await startSandbox({ faults: parseFaultSpec('status-429=1') });
  });
  afterAll(async () => {
    await Promise.all([cutting?.close(), refusing?.close()]);
  });

  async function unpaidApproved(sandbox: SandboxHandle): Promise<string> {
    const { items } = await walk(
      `${sandbox.baseUrls.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'APPROVED' })}`,
    );
    return items.find((invoice: { attributes: { payment_amount_gross: unknown } }) => !invoice.attributes.payment_amount_gross)
      .id;
  }

  const payment = {
    data: {
      attributes: { payment_amount_gross: '7.00', payment_comment: 'cut', payment_date: '2026-11-20', is_final_payment: false },
    },
  };

  it('stores a write and then cuts the connection without an answer; reads still answer', async () => {
    const invoice = await unpaidApproved(cutting);
    const url = `${cutting.baseUrls.fincon}/invoices/${invoice}/register-payment/`;
    await expect(
      request(url, {
        method: 'POST',
        headers: { ...CREDENTIALS, 'content-type': 'application/json' },
        body: JSON.stringify(payment),
      }),
    ).rejects.toThrow(/other side closed|socket|terminated/i);
    const payments = await call(`${cutting.baseUrls.fincon}/invoices/${invoice}/payments/`);
    expect(payments.body.data.map((row: { attributes: { payment_comment: string } }) => row.attributes.payment_comment)).toEqual([
      'cut',
    ]);
  });

  it('refuses with 429 and Retry-After before anything is stored', async () => {
    const answer = await call(`${refusing.baseUrls.fincon}/projects/`);
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('1');
  });
});

describe('a sandbox that refuses includes', () => {
  let as400: SandboxHandle;
  let as422: SandboxHandle;
  beforeAll(async () => {
    as400 = await startSandbox({ faults: parseFaultSpec('refuse-include=400') });
    as422 = await startSandbox({ faults: parseFaultSpec('refuse-include=422') });
  });
  afterAll(async () => {
    await Promise.all([as400?.close(), as422?.close()]);
  });

  it('refuses any include, naming the parameter in the shape of its status, and answers the same read without it', async () => {
    const refused = await call(`${as400.baseUrls.fincon}/invoices/?include=contract`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ status: '400', source: { parameter: 'include' } });
    const invalid = await call(`${as422.baseUrls.capex}/contracts/?include=measure.asset`);
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0]).toMatchObject({ loc: ['query', 'include'], input: 'measure.asset' });
    const plain = await call(`${as400.baseUrls.fincon}/invoices/`);
    expect(plain.status).toBe(200);
    expect(plain.body.data).toHaveLength(100);
  });
});
