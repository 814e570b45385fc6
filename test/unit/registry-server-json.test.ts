/**
 * server.json, this server's entry for the MCP registry: valid against the registry's published
 * schema (a verbatim copy in test/fixtures/registry), and in step with package.json and with the
 * settings the server reads, so that it cannot go stale unnoticed.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { FLAG_OF_VARIABLE, SECRET_NAMES, SETTING_VARIABLES } from '../support/settings.js';

const readJson = <T>(path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as T;

interface EnvironmentVariable {
  name: string;
  description?: string;
  isSecret?: boolean;
  default?: string;
  choices?: string[];
}
interface ServerJson {
  $schema: string;
  name: string;
  version: string;
  packages: Array<{ registryType: string; identifier: string; version: string; environmentVariables: EnvironmentVariable[] }>;
  remotes: Array<{ type: string; url: string }>;
}

const schema = readJson<{ $id: string }>('test/fixtures/registry/server.schema.2025-12-11.json');
const server = readJson<ServerJson>('server.json');
const pkg = readJson<{ name: string; version: string; mcpName: string }>('package.json');

describe('server.json', () => {
  it('is valid against the registry schema it names', () => {
    const ajv = new Ajv({ allErrors: true });
    // The registry's schema annotates with "example", which draft-07 does not define.
    ajv.addKeyword('example');
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    validate(server);
    expect(validate.errors ?? []).toEqual([]);
    expect(server.$schema).toBe(schema.$id);
  });

  it('describes this npm package at its version, over stdio, and the hosted server over streamable HTTP', () => {
    expect(server.name).toBe(pkg.mcpName);
    expect(server.version).toBe(pkg.version);
    expect(server.packages).toEqual([
      expect.objectContaining({ registryType: 'npm', identifier: pkg.name, version: pkg.version, transport: { type: 'stdio' } }),
    ]);
    expect(server.remotes.map((remote) => remote.type)).toEqual(['streamable-http']);
  });

  it('names only variables the server reads, secrets as secrets, with the defaults the server applies', () => {
    const variables = server.packages[0]!.environmentVariables;
    expect(variables.map((variable) => variable.name).filter((name) => !SETTING_VARIABLES.has(name))).toEqual([]);
    for (const variable of variables) {
      expect(variable.description, variable.name).toBeTruthy();
      expect(Boolean(variable.isSecret), variable.name).toBe(SECRET_NAMES.has(variable.name));
      const flag = FLAG_OF_VARIABLE.get(variable.name);
      if (!flag) continue;
      if (variable.default !== undefined)
        expect(variable.default, variable.name).toBe(flag.kind === 'boolean' ? 'false' : flag.default);
      if (variable.choices) expect(variable.choices, variable.name).toEqual(flag.value?.split('|'));
    }
  });
});
