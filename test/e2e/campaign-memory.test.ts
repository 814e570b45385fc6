/** The fault campaign with the memory store on one instance (test/support/campaign.ts). */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { parseFaultSpec } from '../../src/sandbox/faults.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { campaign, CAMPAIGN_SERVER_ARGS, FAULTS } from '../support/campaign.js';
import { againstApi, startHttpServer } from '../support/harness.js';

describe('a campaign of confirmed payments under injected faults', () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ faults: parseFaultSpec(FAULTS) });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('books each exactly once with the memory store on one instance', { timeout: 600_000 }, async () => {
    const server = await startHttpServer(againstApi(sandbox.baseUrls.fincon, CAMPAIGN_SERVER_ARGS));
    try {
      await campaign([server.endpoint], sandbox);
    } finally {
      await server.stop();
    }
  });
});
