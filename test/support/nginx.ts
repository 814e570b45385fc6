/**
 * nginx from Debian as the load balancer in front of several server instances: installed when
 * missing (the tests run as root on our machines), or undefined with a loud reason.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';

function installed(): boolean {
  try {
    execFileSync(NGINX, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The nginx binary, installed from Debian if need be; undefined (and said why) when that fails. */
export function ensureNginx(): string | undefined {
  if (installed()) return NGINX;
  try {
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'], {
      stdio: 'ignore',
      timeout: 300_000,
    });
  } catch (error) {
    console.warn(`NOT TESTED: nginx is missing and could not be installed (${(error as Error).message}).`);
    return undefined;
  }
  return installed() ? NGINX : undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface LoadBalancer {
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  stop(): Promise<void>;
}

/**
 * nginx balancing HTTP requests over `backends` (host:port). It keeps nginx's default of never
 * sending a request that reached one backend to another (a POST may have been processed), but
 * moves on when a backend cannot be connected to.
 */
export async function startLoadBalancer(binary: string, backends: readonly string[]): Promise<LoadBalancer> {
  const dir = mkdtempSync(join(tmpdir(), 'pfm-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const port = await freePort();
  const config = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream finance_mcp {
${backends.map((backend) => `    server ${backend} max_fails=1 fail_timeout=30s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://finance_mcp;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_next_upstream error timeout;
    }
  }
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const child = spawn(binary, ['-p', dir, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`${origin}/healthz`);
      break;
    } catch (error) {
      if (attempt > 50 || child.exitCode !== null) throw new Error(`nginx did not start: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
