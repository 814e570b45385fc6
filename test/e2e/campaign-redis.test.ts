/**
 * The fault campaign with Redis shared by two instances (test/support/campaign.ts); a file of its
 * own, so that it runs beside the memory store's campaign.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { parseFaultSpec } from '../../src/sandbox/faults.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { campaign, CAMPAIGN_SERVER_ARGS, FAULTS } from '../support/campaign.js';
import { againstApi, startHttpServer, type HttpServer } from '../support/harness.js';
import { ensureRedis, startRedis, type RedisServer } from '../support/redis.js';

const redisBinary = ensureRedis();

describe.runIf(redisBinary)('a campaign of confirmed payments under injected faults, on two instances', () => {
  let sandbox: SandboxHandle;
  let redis: RedisServer;
  let instances: HttpServer[];
  beforeAll(async () => {
    sandbox = await startSandbox({ faults: parseFaultSpec(FAULTS.replace('seed=7', 'seed=11')) });
    redis = await startRedis(redisBinary!);
    const api = againstApi(sandbox.baseUrls.fincon, [...CAMPAIGN_SERVER_ARGS, '--state-store', redis.url]);
    const options = { ...api, env: { ...api.env, PFM_CONFIRMATION_KEY: 'campaign-of-two-0b9f' } };
    instances = await Promise.all([startHttpServer(options), startHttpServer(options)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await redis?.stop();
    await sandbox?.close();
  });

  it('books each exactly once with Redis shared by both', { timeout: 600_000 }, async () => {
    await campaign(
      instances.map((instance) => instance.endpoint),
      sandbox,
    );
  });
});

describe.skipIf(redisBinary)('a campaign of confirmed payments under injected faults, on two instances', () => {
  it('was NOT run: redis-server is missing and could not be installed here', () => {});
});
