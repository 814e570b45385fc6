import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from '../../src/oauth/verified-tokens.js';

describe('verified tokens', () => {
  it('keeps a token until it expires, but never longer than a minute', () => {
    let now = 1_000_000;
    const cache = new VerifiedTokens<string>(() => now);
    cache.remember('short', 'alice', 1_000 + 30);
    cache.remember('long', 'bob', 1_000 + 3_600);
    now += 29_000;
    expect(cache.get('short')).toBe('alice');
    expect(cache.get('long')).toBe('bob');
    now += 1_000;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBe('bob');
    now += 30_000;
    expect(cache.get('long')).toBeUndefined();
  });

  it('does not keep a token that has expired already, one without an expiry, nor one never verified', () => {
    const cache = new VerifiedTokens<string>(() => 1_000_000);
    cache.remember('expired', 'alice', 999);
    cache.remember('timeless', 'bob', undefined);
    expect(cache.get('expired')).toBeUndefined();
    expect(cache.get('timeless')).toBeUndefined();
    expect(cache.get('unknown')).toBeUndefined();
  });

  it('lets the oldest go when full', () => {
    const cache = new VerifiedTokens<string>(() => 0);
    for (let index = 0; index <= 10_000; index += 1) cache.remember(`token-${index}`, `caller-${index}`, 3_600);
    expect(cache.get('token-0')).toBeUndefined();
    expect(cache.get('token-1')).toBe('caller-1');
    expect(cache.get('token-10000')).toBe('caller-10000');
  });
});
