/**
 * manifest.json, the MCP Bundle's manifest: valid for manifest version 0.3, its tool list in step
 * with the catalog, and every setting a person makes reaching the server as a variable it reads.
 */
import { readFileSync } from 'node:fs';
import { v0_3 } from '@anthropic-ai/mcpb';
import { describe, expect, it } from 'vitest';
import { manifestTools } from '../../src/bundle/manifest-tools.js';
import { loadConfig } from '../../src/config.js';
import { DISCOVERY_TOOLS } from '../../src/search/discovery.js';
import { catalog } from '../../tools/index.js';
import { SECRET_NAMES, SETTING_VARIABLES } from '../support/settings.js';

const readJson = <T>(path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as T;
type Manifest = (typeof v0_3.McpbManifestSchema)['_output'];
const manifest = readJson<Manifest>('manifest.json');
const pkg = readJson<{ bin: Record<string, string>; engines: { node: string } }>('package.json');

describe('manifest.json', () => {
  it('is a valid manifest of version 0.3', () => {
    expect(manifest.manifest_version).toBe('0.3');
    expect(v0_3.McpbManifestSchema.safeParse(manifest).error?.issues ?? []).toEqual([]);
  });

  it('lists every tool of the catalog and the discovery tools, as npm run manifest writes them', () => {
    expect(manifest.tools?.map((tool) => tool.name)).toEqual([...catalog.map((tool) => tool.name), ...DISCOVERY_TOOLS]);
    expect(manifest.tools, 'manifest.json is behind the catalog: run npm run manifest').toEqual(manifestTools(catalog));
    for (const tool of manifest.tools ?? []) expect(tool.description?.length, tool.name).toBeGreaterThan(10);
  });

  it('starts the executable that npm installs, on the Node versions package.json allows', () => {
    const { entry_point, mcp_config } = manifest.server;
    expect(entry_point).toBe(Object.values(pkg.bin)[0]);
    expect(mcp_config).toMatchObject({ command: 'node', args: [`\${__dirname}/${entry_point}`] });
    expect(manifest.compatibility?.runtimes?.node).toBe(`${pkg.engines.node}.0`);
  });

  it('hands every setting to the server as a variable it reads; optional ones default to no value', () => {
    const env = manifest.server.mcp_config.env ?? {};
    const settings = manifest.user_config ?? {};
    expect(Object.keys(env).filter((name) => !SETTING_VARIABLES.has(name))).toEqual([]);
    expect(Object.values(env).sort()).toEqual(
      Object.keys(settings)
        .map((key) => `\${user_config.${key}}`)
        .sort(),
    );
    for (const [key, setting] of Object.entries(settings)) {
      // A host that has no value and no default passes the placeholder itself, "${user_config.key}".
      if (!setting.required) expect(setting.default, key).toBe(setting.type === 'boolean' ? false : '');
      const variable = Object.keys(env).find((name) => env[name] === `\${user_config.${key}}`)!;
      expect(Boolean(setting.sensitive), key).toBe(SECRET_NAMES.has(variable));
    }
  });

  it('leaves a setting the person left empty to the server, which takes an empty variable as not given', () => {
    const empty = Object.fromEntries([...SETTING_VARIABLES].map((name) => [name, '']));
    expect(loadConfig([], empty)).toEqual(loadConfig([], {}));
  });
});
