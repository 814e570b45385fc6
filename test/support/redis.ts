/**
 * A real redis-server from Debian on a free loopback port, for the state store's tests:
 * installed when missing (the tests run as root on our machines), or undefined with a loud
 * reason. Each server keeps nothing on disk and can be stopped and started again on its port.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { freePort } from './ports.js';

const REDIS = '/usr/bin/redis-server';

function installed(): boolean {
  try {
    execFileSync(REDIS, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The redis-server binary, installed from Debian if need be; undefined (and said why) when that fails. */
export function ensureRedis(): string | undefined {
  if (installed()) return REDIS;
  try {
    execFileSync(
      'sh',
      [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 redis-server',
      ],
      {
        stdio: 'ignore',
        timeout: 300_000,
      },
    );
  } catch (error) {
    console.warn(`NOT TESTED: redis-server is missing and could not be installed (${(error as Error).message}).`);
    return undefined;
  }
  if (installed()) return REDIS;
  console.warn('NOT TESTED: redis-server was installed but does not run.');
  return undefined;
}

export interface RedisServer {
  /** redis://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Stops the server (its data is gone); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        // A server with a password answers NOAUTH: it is up all the same.
        resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()));
      });
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRedis(binary: string, extraArgs: string[] = []): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs], {
      stdio: 'ignore',
    });
    for (let waited = 0; waited < 10_000; waited += 50) {
      if (await answers(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
