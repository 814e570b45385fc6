/**
 * The state store in Redis, shared by every instance that points at it (node-redis, loaded only
 * when configured). Conditional updates and the rate-limit bucket are Lua scripts, so each is
 * one atomic step on the server; the bucket reads Redis's clock, so instances with skewed clocks
 * count alike. Commands fail fast while Redis cannot be reached (no offline queue, a command
 * timeout), and every failure is a StoreUnavailable: the caller refuses what needs the store.
 */
import type { RedisClientType } from '@redis/client';
import { StoreUnavailable, type StateStore } from './store.js';

/** How long one command may take before the store counts as unavailable. */
const COMMAND_TIMEOUT_MS = 2_000;
/** How long the first connection may take at start before the server goes on without it. */
const FIRST_CONNECT_MS = 3_000;
const KEY_PREFIX = 'pfm:';

const REPLACE_IF = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end return 0`;
const DELETE_IF = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const EXTEND_IF = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const ADD_MEMBER = `redis.call('SADD', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;
/** A token bucket: refills `per` tokens a minute up to `per`; answers 0, or the seconds until a token. */
const TAKE_TOKEN = `local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local per = tonumber(ARGV[1])
local rate = per / 60000
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'updated')
local tokens = tonumber(saved[1]) or per
local updated = tonumber(saved[2]) or now
tokens = math.min(per, tokens + math.max(0, now - updated) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.max(1, math.ceil((1 - tokens) / rate / 1000)) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updated', tostring(now))
redis.call('PEXPIRE', KEYS[1], 60000)
return wait`;

/** The URL as logs may show it: without user and password. */
export function publicRedisUrl(url: string): string {
  const shown = new URL(url);
  shown.username = '';
  shown.password = '';
  return shown.href;
}

export interface RedisStoreOptions {
  url: string;
  /** Told once when Redis cannot be reached, and once when it can again. */
  log: (message: string) => void;
}

/** The Redis client, which the MCP Bundle leaves out (the published bundle keeps it in a file beside the server). */
async function redisClient(): Promise<typeof import('@redis/client')> {
  try {
    return await import('@redis/client');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(
      'This installation has no Redis client (the MCP Bundle leaves it out): run the npm package or the container image to keep state in Redis, or leave out --state-store.',
    );
  }
}

export async function connectRedisStore(options: RedisStoreOptions): Promise<RedisStore> {
  const { createClient } = await redisClient();
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: COMMAND_TIMEOUT_MS,
      // Never give up: the store comes back, and writes that move money wait for it.
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000),
    },
  }) as unknown as RedisClientType;
  const store = new RedisStore(client, publicRedisUrl(options.url), options.log);
  await store.start();
  return store;
}

export class RedisStore implements StateStore {
  #down = false;

  constructor(
    readonly client: RedisClientType,
    readonly description: string,
    private readonly log: (message: string) => void,
  ) {
    client.on('error', (error: Error) => this.#wentDown(error));
    client.on('ready', () => {
      if (!this.#down) return;
      this.#down = false;
      this.log(`The state store ${description} can be reached again.`);
    });
  }

  #wentDown(error: Error): void {
    if (this.#down) return;
    this.#down = true;
    this.log(
      `The state store ${this.description} cannot be reached (${error.message}): writes that move money are refused until it can.`,
    );
  }

  /**
   * Connects in the background, reconnecting for as long as it takes; waits for the first
   * connection (up to a few seconds, or its first failure) so a normal start is ready at once.
   */
  async start(): Promise<void> {
    const connected = this.client.connect().then(
      () => true,
      () => false,
    );
    const failed = new Promise<boolean>((resolve) => this.client.once('error', () => resolve(false)));
    const late = new Promise<boolean>((resolve) => setTimeout(resolve, FIRST_CONNECT_MS, false).unref());
    if (!(await Promise.race([connected, failed, late]))) this.#wentDown(new Error('no connection at start'));
  }

  async #run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new StoreUnavailable(`the state store ${this.description} did not answer (${(error as Error).message})`, {
        cause: error,
      });
    }
  }

  #eval(script: string, key: string, ...args: Array<string | number>): Promise<unknown> {
    return this.#run(() => this.client.eval(script, { keys: [KEY_PREFIX + key], arguments: args.map(String) }));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await this.#run(() =>
      this.client.set(KEY_PREFIX + key, value, { condition: 'NX', expiration: { type: 'PX', value: Math.ceil(ttlMs) } }),
    );
    return reply === 'OK';
  }

  async get(key: string): Promise<string | undefined> {
    const value = await this.#run(() => this.client.get(KEY_PREFIX + key));
    return value === null ? undefined : String(value);
  }

  async replaceIf(key: string, expected: string, value: string, ttlMs: number): Promise<boolean> {
    return Number(await this.#eval(REPLACE_IF, key, expected, value, Math.ceil(ttlMs))) === 1;
  }

  async deleteIf(key: string, expected: string): Promise<boolean> {
    return Number(await this.#eval(DELETE_IF, key, expected)) === 1;
  }

  async extendIf(key: string, expected: string, ttlMs: number): Promise<boolean> {
    return Number(await this.#eval(EXTEND_IF, key, expected, Math.ceil(ttlMs))) === 1;
  }

  async addMember(key: string, member: string, ttlMs: number): Promise<void> {
    await this.#eval(ADD_MEMBER, key, member, Math.ceil(ttlMs));
  }

  async members(key: string): Promise<string[]> {
    return (await this.#run(() => this.client.sMembers(KEY_PREFIX + key))).map(String);
  }

  async removeMember(key: string, member: string): Promise<void> {
    await this.#run(() => this.client.sRem(KEY_PREFIX + key, member));
  }

  async takeToken(key: string, perMinute: number): Promise<number> {
    return Number(await this.#eval(TAKE_TOKEN, key, perMinute));
  }

  async reachable(): Promise<boolean> {
    try {
      await this.#run(() => this.client.ping());
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
    else this.client.destroy();
  }
}
