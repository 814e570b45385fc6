/** A sandbox behind a fault proxy for the tests of one describe block, started before them and stopped after. */
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

export interface ProxiedSandbox {
  proxy(): FaultProxy;
  /** The FinCon base URL through the proxy. */
  finconUrl(): string;
}

export function useProxiedSandbox(): ProxiedSandbox {
  let sandbox: SandboxHandle;
  let proxy: FaultProxy;
  beforeAll(async () => {
    sandbox = await startSandbox();
    proxy = await startFaultProxy(new URL(sandbox.baseUrls.fincon).origin);
  });
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.close();
  });
  return {
    proxy: () => proxy,
    finconUrl: () => `${proxy.origin}${new URL(sandbox.baseUrls.fincon).pathname}`,
  };
}
