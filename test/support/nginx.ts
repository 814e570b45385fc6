/**
 * nginx from Debian as the load balancer in front of several server instances: installed when
 * missing (the tests run as root on our machines), or undefined with a loud reason.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianProgram } from './debian.js';
import { freePort } from './ports.js';

/** The nginx binary, installed from Debian if need be; undefined (and said why) when that fails. */
export const ensureNginx = (): string | undefined => ensureDebianProgram('/usr/sbin/nginx', 'nginx', '-v');

export interface LoadBalancer {
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  stop(): Promise<void>;
}

/** The deployment's own nginx configuration (deploy/nginx.conf), as compose.yaml mounts it. */
const DEPLOYED_CONFIG = readFileSync(fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url)), 'utf8');
const BACKEND = /^(\s*)server mcp-\d+:3000 (.*)$/;

/**
 * deploy/nginx.conf with the compose instances replaced by `backends` (host:port) and its listen
 * port by `port` on loopback. It throws when the file no longer has the lines it replaces.
 */
function deployedConfig(backends: readonly string[], port: number): string {
  const lines = DEPLOYED_CONFIG.split('\n');
  const first = lines.findIndex((line) => BACKEND.test(line));
  const listen = lines.findIndex((line) => /^\s*listen 8080;$/.test(line));
  if (first < 0 || listen < 0) throw new Error('deploy/nginx.conf has changed shape');
  const [, indent, options] = BACKEND.exec(lines[first]!)!;
  lines[listen] = lines[listen]!.replace('8080', `127.0.0.1:${port}`);
  lines[first] = backends.map((backend) => `${indent}server ${backend} ${options}`).join('\n');
  return lines.filter((line, index) => index === first || !BACKEND.test(line)).join('\n');
}

/**
 * nginx balancing HTTP requests over `backends` (host:port) with the deployment's configuration:
 * a request that reached one backend is never sent to another (a POST may have been processed),
 * but one that could not connect moves on.
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
${deployedConfig(backends, port)}
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
