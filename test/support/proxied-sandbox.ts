/** A sandbox behind a fault proxy for the tests of one describe block, started before them and stopped after. */
import { afterAll, beforeAll } from 'vitest';
import type { Product } from '../../src/dispatch/operation.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

export interface ProxiedSandbox {
  proxy(): FaultProxy;
  /** A product's base URL through the proxy. */
  urlOf(product: Product): string;
}

export function useProxiedSandbox(): ProxiedSandbox {
  let sandbox: SandboxHandle;
  let proxy: FaultProxy;
  beforeAll(async () => {
    sandbox = await startSandbox();
    proxy = await startFaultProxy(sandbox.origin);
  });
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.close();
  });
  return {
    proxy: () => proxy,
    urlOf: (product) => `${proxy.origin}${new URL(sandbox.baseUrls[product]).pathname}`,
  };
}
