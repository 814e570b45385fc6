/**
 * The container deployment (deploy/), checked where no Docker engine runs: the Dockerfile linted
 * with every warning an error and held to what it promises, its run stage rebuilt as a directory
 * from its own COPY, ENV, HEALTHCHECK and ENTRYPOINT lines and run with OAuth from the
 * environment, and compose.yaml's services started the way it starts them. The two instances
 * behind nginx run in test/e2e/scale-out.test.ts, with deploy/nginx.conf.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { validate, ValidationSeverity, type ValidatorSettings } from 'dockerfile-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { CLI, connectHttp, dataOf, type Page } from '../support/harness.js';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider.js';
import { freePort } from '../support/ports.js';
import { SECRET_NAMES, SETTING_VARIABLES } from '../support/settings.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCKERFILE = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');
const COMPOSE = parseYaml(readFileSync(join(ROOT, 'deploy/compose.yaml'), 'utf8'));
const PUBLIC_URL = 'https://finance-mcp.example.test/mcp';

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions per stage, continuation lines joined and comments dropped. */
function stagesOf(dockerfile: string): Instruction[][] {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Instruction[][] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

const stages = stagesOf(DOCKERFILE);
const runStage = stages.at(-1)!;
const argsOf = (keyword: string) => runStage.filter((instruction) => instruction.keyword === keyword).map((i) => i.args);

/** ENV KEY=VALUE pairs of the run stage. */
function imageEnvironment(): Record<string, string> {
  return Object.fromEntries(
    argsOf('ENV').flatMap((args) => args.split(/\s+/).map((pair) => pair.split('=', 2) as [string, string])),
  );
}

/** An exec-form (JSON array) command. */
const execForm = (args: string): string[] => JSON.parse(args.replace(/^(--\S+\s+)*CMD\s+/, ''));

/** Every variable the server reads: each flag's PFM_* twin, the secrets and their _FILE twins. */
const KNOWN_VARIABLES = new Set([...SETTING_VARIABLES, ...[...SECRET_NAMES].map((name) => `${name}_FILE`)]);

describe('deploy/Dockerfile', () => {
  it('passes the linter with every warning counted as an error', () => {
    const strict = Object.fromEntries(
      [
        'deprecatedMaintainer',
        'directiveCasing',
        'emptyContinuationLine',
        'instructionCasing',
        'instructionCmdMultiple',
        'instructionEntrypointMultiple',
        'instructionHealthcheckMultiple',
        'instructionJSONInSingleQuotes',
        'instructionWorkdirRelative',
      ].map((setting) => [setting, ValidationSeverity.ERROR]),
    ) as ValidatorSettings;
    expect(validate(DOCKERFILE, strict).map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`)).toEqual([]);
  });

  it('builds in one stage and runs the bundle alone, as a user other than root, on HTTP with OAuth', () => {
    expect(stages).toHaveLength(2);
    const [build] = stages;
    expect(build![0]!.args).toMatch(/^node:\d+-bookworm-slim AS build$/);
    expect(build!.some((instruction) => instruction.args === 'npm run build')).toBe(true);
    // Nothing is installed in the image: the bundle is the only thing copied in.
    expect(runStage.filter((instruction) => instruction.keyword === 'RUN')).toEqual([]);
    expect(argsOf('COPY')).toEqual(['--from=build /app/dist/bundle ./dist/bundle']);
    expect(argsOf('USER')).toEqual(['node']);
    expect(imageEnvironment()).toMatchObject({ PFM_TRANSPORT: 'http', PFM_HOST: '0.0.0.0', PFM_AUTH: 'oauth' });
    for (const name of Object.keys(imageEnvironment()).filter((key) => key.startsWith('PFM_')))
      expect(KNOWN_VARIABLES.has(name), name).toBe(true);
    expect(argsOf('HEALTHCHECK').join()).toContain('/healthz');
  });

  describe('its run stage, rebuilt as a directory and started as the image starts', () => {
    let idp: TestIdentityProvider;
    let sandbox: SandboxHandle;
    let server: ChildProcess;
    let environment: Record<string, string>;
    let app: string;
    let endpoint: string;

    beforeAll(async () => {
      idp = await startIdentityProvider();
      sandbox = await startSandbox();
      app = join(mkdtempSync(join(tmpdir(), 'pfm-image-')), 'app');
      // COPY --from=build /app/X ./Y: the build stage's /app is the repository, built.
      for (const copy of argsOf('COPY')) {
        const [, from, to] = /^--from=build \/app\/(\S+) (\S+)$/.exec(copy)!;
        mkdirSync(app, { recursive: true });
        cpSync(join(ROOT, from!), join(app, to!), { recursive: true });
      }
      const home = join(app, '..', 'home');
      mkdirSync(home);
      environment = {
        PATH: process.env.PATH ?? '',
        HOME: home,
        ...imageEnvironment(),
        // Loopback here (the image's 0.0.0.0 is checked above): tests listen on 127.0.0.1 only.
        PFM_HOST: '127.0.0.1',
        PFM_PORT: String(await freePort()),
        PFM_OAUTH_ISSUER: idp.issuer,
        PFM_PUBLIC_URL: PUBLIC_URL,
        PFM_FINCON_URL: sandbox.baseUrls.fincon,
        PFM_API_KEY: 'image-test',
        PFM_API_TOKEN: 'image-test',
      };
      const [command, ...args] = JSON.parse(argsOf('ENTRYPOINT')[0]!) as string[];
      server = spawn(command === 'node' ? process.execPath : command!, args, {
        cwd: app,
        env: environment,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      endpoint = await new Promise<string>((resolve, reject) => {
        server.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          const found = /MCP endpoint: (\S+)/.exec(stderr)?.[1];
          if (found) resolve(found);
        });
        server.once('exit', (code) => reject(new Error(`the image's entry point exited with ${code}: ${stderr}`)));
      });
    });
    afterAll(async () => {
      if (server && server.exitCode === null && server.signalCode === null) {
        server.kill();
        await once(server, 'exit');
      }
      await sandbox?.close();
      await idp?.close();
      if (app) rmSync(join(app, '..'), { recursive: true, force: true });
    });

    const healthcheck = () => {
      const [command, ...args] = execForm(argsOf('HEALTHCHECK')[0]!);
      return spawnSync(command === 'node' ? process.execPath : command!, args, { cwd: app, env: environment, timeout: 10_000 });
    };

    it('holds nothing but the bundle', () => {
      expect(existsSync(join(app, 'dist/bundle/launcher.cjs'))).toBe(true);
      expect(existsSync(join(app, 'node_modules'))).toBe(false);
    });

    it('serves MCP on the port of its environment, to callers with a token of the issuer only', async () => {
      expect(new URL(endpoint).port).toBe(environment.PFM_PORT);
      const local = `http://127.0.0.1:${environment.PFM_PORT}/mcp`;
      const refused = await fetch(local, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(refused.status).toBe(401);
      const token = await idp.userToken('image-user', { resource: PUBLIC_URL, scope: 'read' });
      const client = await connectHttp('modern', local, token);
      try {
        expect(dataOf<Page>(await client.callTool('list_projects')).items.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    });

    it('is healthy by its own HEALTHCHECK while it runs, and not once it stopped', async () => {
      expect(healthcheck().status).toBe(0);
      server.kill();
      await once(server, 'exit');
      expect(healthcheck().status).toBe(1);
    });
  });
});

describe('deploy/compose.yaml', () => {
  const services = COMPOSE.services as Record<string, Record<string, any>>;
  const instances = ['mcp-1', 'mcp-2'];

  it('builds the image from deploy/Dockerfile and runs the sandbox, two instances and nginx from it, beside Redis', () => {
    expect(Object.keys(services).sort()).toEqual(['mcp-1', 'mcp-2', 'nginx', 'redis', 'sandbox']);
    const { build, image } = services.sandbox!;
    expect(existsSync(join(ROOT, 'deploy', build.context, build.dockerfile))).toBe(true);
    for (const name of instances) expect(services[name]!.image).toBe(image);
  });

  /** The value after `flag` in the sandbox service's command. */
  const sandboxFlag = (flag: string) => {
    const command = services.sandbox!.command as string[];
    return command[command.indexOf(flag) + 1];
  };

  it('gives the instances only variables the server reads, the sandbox as their API and one confirmation key', () => {
    expect(sandboxFlag('--public-host')).toBe('sandbox');
    for (const name of instances) {
      const environment = services[name]!.environment as Record<string, string>;
      for (const variable of Object.keys(environment)) expect(KNOWN_VARIABLES.has(variable), variable).toBe(true);
      for (const product of ['FINCON', 'CAPEX', 'ESG'])
        expect(new URL(environment[`PFM_${product}_URL`]!).host).toBe(`sandbox:${sandboxFlag('--port')}`);
      expect(environment.PFM_CONFIRMATION_KEY_FILE).toBe('/run/secrets/confirmation-key');
      expect(services[name]!.secrets).toEqual(['confirmation-key']);
      // One state store for both: the compose service of Redis, on its own port.
      expect(new URL(environment.PFM_STATE_STORE!).host).toBe('redis:6379');
      expect(services[name]!.depends_on).toContain('redis');
    }
    expect(services.redis!.command[0]).toBe('redis-server');
  });

  it('balances over the instances with deploy/nginx.conf, on the port nginx publishes', () => {
    const nginx = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect([...nginx.matchAll(/server (mcp-\d+):3000/g)].map((match) => match[1])).toEqual(instances);
    const [published] = services.nginx!.ports as string[];
    expect(nginx).toContain(`listen ${published!.split(':').at(-1)};`);
    expect(services.nginx!.volumes).toEqual(['./nginx.conf:/etc/nginx/conf.d/default.conf:ro']);
  });

  it("starts the sandbox with its command: named by the service's name, refusing calls without a key", async () => {
    // Port 0 for a free one (the test machine may have 8080 taken), loopback instead of 0.0.0.0.
    const command = (services.sandbox!.command as string[]).map((arg, index, all) =>
      all[index - 1] === '--port' ? '0' : all[index - 1] === '--host' ? '127.0.0.1' : arg,
    );
    const child = spawn(process.execPath, [CLI, ...command], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      let fincon: URL | undefined;
      for await (const line of createInterface({ input: child.stdout! })) {
        const found = /^fincon: (\S+)$/.exec(line)?.[1];
        if (found) {
          fincon = new URL(found);
          break;
        }
      }
      expect(fincon?.hostname).toBe('sandbox');
      const local = `http://127.0.0.1:${fincon!.port}/fincon/v1/projects/`;
      // compose's healthcheck takes the 401 of a call without a key as the sign of life.
      expect((await fetch(local)).status).toBe(401);
      expect((await fetch(local, { headers: { 'x-api-key': 'compose', 'x-api-token': 'compose' } })).status).toBe(200);
    } finally {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    }
  });
});
