/**
 * `npm run pack:mcpb`: the MCP Bundle, project-finance-mcp.mcpb at the repository root (or the
 * path given). It holds what the npm package holds (package.json "files": the bundled server,
 * manifest.json, README.md, PRIVACY.md) but the Redis client, staged in a temporary directory so
 * that no sources, tests or node_modules go in. mcpb validates the manifest before it packs.
 */
import { packExtension } from '@anthropic-ai/mcpb';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
/** The Redis client: the bundle serves one person over stdio and keeps its state in memory. */
const LEFT_OUT = 'dist/bundle/redis-client.cjs';
const { files } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { files: string[] };
const output = resolve(process.argv[2] ?? join(repo, 'project-finance-mcp.mcpb'));

const stage = mkdtempSync(join(tmpdir(), 'pfm-mcpb-'));
try {
  for (const path of files) cpSync(join(repo, path), join(stage, path), { recursive: true });
  rmSync(join(stage, LEFT_OUT), { force: true });
  if (!(await packExtension({ extensionPath: stage, outputPath: output }))) process.exitCode = 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
