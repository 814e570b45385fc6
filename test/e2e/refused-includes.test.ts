/**
 * A refused include never fails a read. Against a sandbox that refuses every `include` (400 with
 * errors[], or 422 with a validation body), each tool of the catalog that sends one answers with
 * the related records it asked for, read through their own lists by id, and the log says so; what
 * has no read of its own (ESG building certificates) is named as left out. End to end: a
 * 2026-07-28 client over stdio, the built server, undici, the sandbox.
 */
import { Client, LOG_LEVEL_META_KEY, type LoggingLevel } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathArgument, pathVariables, type Operation } from '../../src/dispatch/operation.js';
import { parseFaultSpec } from '../../src/sandbox/faults.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { apiOperations } from '../../tools/index.js';
import { recordCall } from '../support/call-log.js';
import { CLI, dataOf, textOf, type Item, type ToolResult } from '../support/harness.js';

interface LogMessage {
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

type Answer = Item & { items?: Item[]; included?: Item[]; next_cursor?: string | null };

const withIncludes = apiOperations.filter((operation) => operation.include);

/** The rows an answer is about: a list's items, or the one resource. */
const rowsOf = (answer: Answer): Item[] => answer.items ?? [answer];

/**
 * The related ids each include path reaches from the rows, level by level, and whether every one
 * of them is among the included records.
 */
function reachedThrough(operation: Operation, answer: Answer): { path: string; ids: string[]; missing: string[] }[] {
  const included = new Map((answer.included ?? []).map((record) => [record.id, record]));
  const reached = new Map<string, Item[]>([['', rowsOf(answer)]]);
  const paths = Object.keys(operation.include!).sort((a, b) => a.split('.').length - b.split('.').length);
  return paths.map((path) => {
    const dot = path.lastIndexOf('.');
    const parents = reached.get(dot < 0 ? '' : path.slice(0, dot)) ?? [];
    const ids = [...new Set(parents.map((record) => record[path.slice(dot + 1)]).filter((id) => typeof id === 'string'))];
    reached.set(
      path,
      ids.flatMap((id) => included.get(id as string) ?? []),
    );
    return { path, ids: ids as string[], missing: (ids as string[]).filter((id) => !included.has(id)) };
  });
}

describe.each([400, 422] as const)('reads against an API that refuses every include with %i', (status) => {
  let sandbox: SandboxHandle;
  let client: Client;
  const messages: LogMessage[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ faults: parseFaultSpec(`refuse-include=${status}`) });
    client = new Client(
      { name: 'project-finance-mcp-tests', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setNotificationHandler('notifications/message', (notification) => void messages.push(notification.params));
    const urls = Object.entries(sandbox.baseUrls).flatMap(([product, url]) => [`--${product}-url`, url]);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, ...urls, '--toolsets', 'all'],
        env: { PATH: process.env.PATH ?? '', PFM_API_KEY: 'test-key', PFM_API_TOKEN: 'test-token' },
        stderr: 'pipe',
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });

  const call = async (name: string, args: Record<string, unknown>): Promise<ToolResult> => {
    const result = (await client.callTool({
      name,
      arguments: args,
      _meta: { [LOG_LEVEL_META_KEY]: 'info' },
    })) as ToolResult;
    if (!result.isError) recordCall(name);
    return result;
  };

  /** The ids a tool's path needs, from a contract (with every party) and an invoice of its product. */
  async function pathArgs(operation: Operation): Promise<Record<string, unknown>> {
    const names = pathVariables(operation.path).map((variable) => pathArgument(operation, variable));
    if (!names.length) return {};
    const prefix = operation.product === 'fincon' ? '' : `${operation.product}_`;
    const contracts = dataOf<Answer>(await call(`${prefix}list_contracts`, {})).items!;
    const contract = contracts.find((row) => row.contractor && row.contracting_entity)!;
    const invoices = dataOf<Answer>(await call(`${prefix}list_invoices`, {})).items!;
    const known: Record<string, unknown> = {
      contract_id: contract.id,
      contractor_id: contract.contractor,
      contracting_entity_id: contract.contracting_entity,
      contract_unit_id: contract.contract_unit,
      measure_id: contract.measure,
      invoice_id: invoices.find((row) => row.contract)!.id,
    };
    return Object.fromEntries(names.map((name) => [name, known[name]]));
  }

  it.each(withIncludes.map((operation) => [operation.name, operation] as const))(
    '%s answers with the related records it asked for, read on their own',
    async (name, operation) => {
      const include = Object.keys(operation.include!);
      messages.length = 0;
      const result = await call(name, { ...(await pathArgs(operation)), include });
      const answer = dataOf<Answer>(result);
      expect(rowsOf(answer).length).toBeGreaterThan(0);
      expect(messages).toContainEqual({
        level: 'warning',
        logger: 'reads',
        data: `${name}: the API refused include=${include.join(',')} (${status}); reading again without it`,
      });

      const unread = include.filter((path) => operation.include![path] === null);
      if (unread.length) {
        expect(textOf(result)).toContain(`The API refused include=${unread.join(',')}, so this answer comes without them.`);
        return;
      }
      const reached = reachedThrough(operation, answer);
      expect(reached.filter(({ missing }) => missing.length)).toEqual([]);
      expect(
        reached.every(({ ids }) => ids.length > 0),
        JSON.stringify(reached),
      ).toBe(true);
      for (const record of answer.included!) expect(textOf(result)).toContain(`id: ${record.id}`);
      expect(messages).toContainEqual({
        level: 'info',
        logger: 'reads',
        data: expect.stringMatching(
          new RegExp(`^${name}: related records read on their own \\(the API refused the include\\): `),
        ),
      });
    },
  );

  it('completes the next page too, whose link the API gave without the include', async () => {
    const include = ['contract.contractor'];
    const first = dataOf<Answer>(await call('list_invoices', { include }));
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = dataOf<Answer>(await call('list_invoices', { include, cursor: first.next_cursor }));
    expect(second.items![0]!.id).not.toBe(first.items![0]!.id);
    const listInvoices = withIncludes.find((operation) => operation.name === 'list_invoices')!;
    const contractors = reachedThrough(listInvoices, second).find(({ path }) => path === 'contract.contractor')!;
    expect(contractors.ids.length).toBeGreaterThan(0);
    expect(contractors.missing).toEqual([]);
  });
});
