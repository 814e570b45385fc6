/**
 * A real redis-server from Debian on a free loopback port, for the state store's tests:
 * installed when missing (the tests run as root on our machines), or undefined with a loud
 * reason. Each server keeps nothing on disk and can be stopped and started again on its port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { ensureDebianProgram } from './debian.js';
import { freePort } from './ports.js';

/** The redis-server binary, installed from Debian if need be; undefined (and said why) when that fails. */
export const ensureRedis = (): string | undefined => ensureDebianProgram('/usr/bin/redis-server', 'redis-server', '--version');

export interface RedisServer {
  /** redis://127.0.0.1:PORT, or rediss://localhost:PORT over TLS */
  url: string;
  port: number;
  /** Stops the server (its data is gone); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Serve TLS only, with this key and certificate (its own CA); the URL is then rediss://localhost. */
export interface RedisTls {
  keyFile: string;
  certFile: string;
}

/** Whether a server answers on `port` (over TLS when `tls`): PONG, or NOAUTH from one with a password. */
async function answers(port: number, tls?: RedisTls): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls
      ? connectTls({ port, host: '127.0.0.1', ca: readFileSync(tls.certFile), servername: 'localhost' })
      : createConnection({ port, host: '127.0.0.1' });
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()));
      });
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRedis(binary: string, extraArgs: string[] = [], tls?: RedisTls): Promise<RedisServer> {
  const port = await freePort();
  const listen = tls
    ? [
        '--port',
        '0',
        '--tls-port',
        String(port),
        '--tls-cert-file',
        tls.certFile,
        '--tls-key-file',
        tls.keyFile,
        '--tls-ca-cert-file',
        tls.certFile,
        '--tls-auth-clients',
        'no',
      ]
    : ['--port', String(port)];
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, [...listen, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs], {
      stdio: 'ignore',
    });
    for (let waited = 0; waited < 10_000; waited += 50) {
      if (await answers(port, tls)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  await start();
  return {
    url: tls ? `rediss://localhost:${port}` : `redis://127.0.0.1:${port}`,
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
