import type { AuthInfo } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from '../../src/auth/verified-tokens.js';

const info = (expiresAt: number): AuthInfo => ({ token: 't', clientId: 'c', scopes: ['read'], expiresAt });

describe('verified tokens', () => {
  it('keeps a token until it expires, but never longer than a minute', () => {
    let now = 1_000_000;
    const cache = new VerifiedTokens(() => now);
    cache.remember('short', info(1_000 + 30));
    cache.remember('long', info(1_000 + 3_600));
    now += 29_000;
    expect(cache.get('short')).toBeDefined();
    expect(cache.get('long')).toBeDefined();
    now += 1_000;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBeDefined();
    now += 30_000;
    expect(cache.get('long')).toBeUndefined();
  });

  it('does not keep a token that has expired already, nor one never verified', () => {
    const cache = new VerifiedTokens(() => 1_000_000);
    cache.remember('expired', info(999));
    expect(cache.get('expired')).toBeUndefined();
    expect(cache.get('unknown')).toBeUndefined();
  });

  it('lets the oldest go when full', () => {
    const cache = new VerifiedTokens(() => 0);
    for (let index = 0; index <= 10_000; index += 1) cache.remember(`token-${index}`, info(3_600));
    expect(cache.get('token-0')).toBeUndefined();
    expect(cache.get('token-1')).toBeDefined();
    expect(cache.get('token-10000')).toBeDefined();
  });
});
