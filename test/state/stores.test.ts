/**
 * The two state stores keep one contract: the same operations, the same answers, checked against
 * the memory store and a real redis-server alike. Redis stopped: every operation fails fast as
 * StoreUnavailable, and the store works again once Redis is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/state/memory.js';
import { connectRedisStore, publicRedisUrl } from '../../src/state/redis.js';
import { StoreUnavailable, type StateStore } from '../../src/state/store.js';
import { ensureRedis, startRedis, type RedisServer } from '../support/redis.js';

const redisBinary = ensureRedis();

/** Whether `store` can be reached within ten seconds (Redis is back, say). */
async function reachableSoon(store: StateStore): Promise<boolean> {
  for (let waited = 0; waited < 10_000; waited += 200) {
    if (await store.reachable()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

function contract(name: string, open: () => Promise<StateStore>) {
  describe(`the ${name} store`, () => {
    let store: StateStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('sets a key only when it is absent, and forgets it when it expires', async () => {
      expect(await store.setIfAbsent('claim:a', 'first', 200)).toBe(true);
      expect(await store.setIfAbsent('claim:a', 'second', 200)).toBe(false);
      expect(await store.get('claim:a')).toBe('first');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await store.get('claim:a')).toBeUndefined();
      expect(await store.setIfAbsent('claim:a', 'third', 1_000)).toBe(true);
    });

    it('replaces, extends and deletes only while the value is the expected one', async () => {
      await store.setIfAbsent('lease:b', 'mine', 1_000);
      expect(await store.replaceIf('lease:b', 'theirs', 'x', 1_000)).toBe(false);
      expect(await store.extendIf('lease:b', 'theirs', 1_000)).toBe(false);
      expect(await store.deleteIf('lease:b', 'theirs')).toBe(false);
      expect(await store.replaceIf('lease:b', 'mine', 'ours', 1_000)).toBe(true);
      expect(await store.extendIf('lease:b', 'ours', 5_000)).toBe(true);
      expect(await store.deleteIf('lease:b', 'ours')).toBe(true);
      expect(await store.get('lease:b')).toBeUndefined();
    });

    it('keeps sets of members', async () => {
      await store.addMember('set:c', 'one', 1_000);
      await store.addMember('set:c', 'two', 1_000);
      await store.addMember('set:c', 'one', 1_000);
      expect((await store.members('set:c')).sort()).toEqual(['one', 'two']);
      await store.removeMember('set:c', 'one');
      expect(await store.members('set:c')).toEqual(['two']);
      expect(await store.members('set:none')).toEqual([]);
    });

    it('counts tokens per bucket: a burst up to the limit, then the seconds to wait', async () => {
      const taken = [];
      for (let i = 0; i < 4; i += 1) taken.push(await store.takeToken('rate:d', 3));
      expect(taken.slice(0, 3)).toEqual([0, 0, 0]);
      // One token comes back every 20 s at 3 a minute.
      expect(taken[3]).toBeGreaterThanOrEqual(19);
      expect(taken[3]).toBeLessThanOrEqual(20);
      expect(await store.takeToken('rate:other', 3)).toBe(0);
    });

    it('says it can be reached', async () => {
      expect(await store.reachable()).toBe(true);
    });
  });
}

contract('memory', async () => new MemoryStore());

describe.runIf(redisBinary)('Redis', () => {
  let redis: RedisServer;
  const logged: string[] = [];
  beforeAll(async () => {
    redis = await startRedis(redisBinary!);
  });
  afterAll(async () => {
    await redis?.stop();
  });

  contract('Redis', () => connectRedisStore({ url: redis.url, log: (line) => logged.push(line) }));

  it('shows its URL without the password', () => {
    expect(publicRedisUrl('rediss://user:s3cret@cache.example.com:6380/2')).toBe('rediss://cache.example.com:6380/2');
  });

  it('fails fast while Redis is stopped, says so once, and works again once it is back', { timeout: 30_000 }, async () => {
    const store = await connectRedisStore({ url: redis.url, log: (line) => logged.push(line) });
    try {
      await store.setIfAbsent('survives', 'no', 60_000);
      await redis.stop();
      const started = Date.now();
      await expect(store.get('survives')).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.setIfAbsent('claim:x', 'y', 1_000)).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.takeToken('rate:x', 10)).rejects.toBeInstanceOf(StoreUnavailable);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await store.reachable()).toBe(false);
      expect(logged.filter((line) => line.includes('cannot be reached'))).toHaveLength(1);
      await redis.start();
      expect(await reachableSoon(store)).toBe(true);
      expect(await store.setIfAbsent('claim:x', 'y', 1_000)).toBe(true);
      expect(logged.some((line) => line.includes('can be reached again'))).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('starts while Redis is down and connects once it is up', { timeout: 30_000 }, async () => {
    await redis.stop();
    const store = await connectRedisStore({ url: redis.url, log: () => {} });
    try {
      await expect(store.get('a')).rejects.toBeInstanceOf(StoreUnavailable);
      await redis.start();
      expect(await reachableSoon(store)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('takes a password and a database from the URL', { timeout: 30_000 }, async () => {
    const secured = await startRedis(redisBinary!, ['--requirepass', 'pa55word']);
    const store = await connectRedisStore({ url: `redis://:pa55word@127.0.0.1:${secured.port}/3`, log: () => {} });
    const other = await connectRedisStore({ url: `redis://:pa55word@127.0.0.1:${secured.port}/4`, log: () => {} });
    try {
      expect(await store.setIfAbsent('db', 'three', 10_000)).toBe(true);
      expect(await other.get('db')).toBeUndefined();
      expect(await store.get('db')).toBe('three');
    } finally {
      await store.close();
      await other.close();
      await secured.stop();
    }
  });
});

describe.skipIf(redisBinary)('Redis', () => {
  it('was NOT tested: redis-server is missing and could not be installed here', () => {});
});
