/**
 * The FinCon reporting API: financial roll-ups per project, contract unit, contract
 * and cost element, cash outflow, and revenues; end to end (stdio, modern client).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shape/money.js';
import {
  expectNarrowed,
  connect,
  shownAsCents,
  dataOf,
  textOf,
  type TestClient,
  type Item,
  type Page,
  type Money,
} from '../support/harness.js';

let client: TestClient;
let project: Item;
let costProject: Item;

beforeAll(async () => {
  client = await connect('stdio', 'modern', { args: ['--toolsets', 'projects,reporting'] });
  [project] = dataOf<Page>(await client.callTool('list_projects', { filters: { 'name.contains': 'Hunsrück' } })).items as [Item];
  [costProject] = dataOf<Page>(await client.callTool('list_projects', { filters: { 'use_cost_elements.is': true } })).items as [
    Item,
  ];
});
afterAll(async () => {
  await client?.close();
});

const isMoney = (value: unknown) => expect(value).toMatchObject({ net: expect.stringMatching(/^-?\d+(\.\d+)?$/) });

describe('cost roll-ups', () => {
  it('reports per project, filtered by id', async () => {
    const rows = await client.page('list_project_financials', { filters: { 'id.in': [project.id] } });
    expect(rows.items).toHaveLength(1);
    expect(rows.items[0]).toMatchObject({ id: project.id, type: 'PROJECT_FINANCIALS', name: project.name });
    isMoney(rows.items[0]!.current_budget);
  });

  it('reports per contract unit of a project with exact page totals', async () => {
    const rows = await client.page('list_contract_unit_financials', { filters: { 'project.in': [project.id] } });
    expect(rows.items.length).toBeGreaterThan(0);
    expect(rows.items.every((row) => row.project === project.id)).toBe(true);
    const sum = rows.items.reduce(
      (total, row) => total.plus((row.current_budget as Money | undefined)?.net ?? 0),
      new Decimal(0),
    );
    expect(new Decimal(rows.page_totals!.current_budget![0]!.net).equals(sum)).toBe(true);
  });

  it('reports per contract of a project', async () => {
    const rows = await client.page('list_contract_financials', { filters: { 'project.in': [project.id] } });
    expect(rows.items.length).toBeGreaterThan(0);
    expect(rows.items[0]).toMatchObject({ type: 'CONTRACT_FINANCIALS', project: project.id, contract_unit: expect.any(String) });
    isMoney(rows.items[0]!.main_contract_amount);
  });
});

describe('money in text', () => {
  it('shows amounts rounded half-up to cents while structured content keeps the exact values', async () => {
    const result = await client.callTool('list_contract_unit_financials', { filters: { 'project.in': [project.id] } });
    const { items, page_totals: totals } = dataOf<Page>(result);
    const text = textOf(result);
    const lineOf = (id: string) => text.split('\n').find((line) => line.includes(`id: ${id}`)) ?? '';
    const precise = items.flatMap((row) =>
      Object.entries(row)
        .filter((entry): entry is [string, Money] => typeof entry[1] === 'object' && entry[1] !== null && 'net' in entry[1])
        .filter(([attribute, money]) => /\.\d{3,}$/.test(money.net) && lineOf(row.id).includes(`${attribute}: `))
        .map(([attribute, money]) => ({ line: lineOf(row.id), attribute, money })),
    );
    // The API reports more precision than cents: the exact values come through untouched.
    expect(precise.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/\d\.\d{3,} EUR|\d\.\d{3,} (net|tax)/);
    for (const { line, attribute, money } of precise) {
      expect(line, attribute).toContain(`${attribute}: ${shownAsCents(money.net)} EUR net / ${shownAsCents(money.tax)} tax`);
    }
    // Totals add the exact values, then round once.
    const exactTotal = items.reduce((sum, row) => sum.plus((row.current_budget as Money | undefined)?.net ?? 0), new Decimal(0));
    expect(totals!.current_budget![0]!.net).toBe(exactTotal.toFixed());
    expect(text).toContain(`Total current_budget of these rows: ${shownAsCents(exactTotal.toFixed())} EUR net`);
  });
});

describe('cost element roll-ups', () => {
  it.each([
    'list_cost_element_financials',
    'list_cost_element_contract_unit_financials',
    'list_cost_element_contract_financials',
  ])('%s requires projects and reports only theirs', async (tool) => {
    const missing = await client.callTool(tool, {});
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/Invalid arguments[\s\S]*project_ids[\s\S]*is required/);

    const rows = await client.page(tool, { project_ids: [costProject.id] });
    expect(rows.items.length).toBeGreaterThan(0);
    expect(rows.items.every((row) => row.project === costProject.id && typeof row.cost_element === 'string')).toBe(true);
    expect(rows.page_totals).toBeUndefined();
  });

  it('shows the monthly cash outflow of one project as a tree', async () => {
    const missing = await client.callTool('list_cash_outflow', {});
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/project_id: is required/);

    const nodes = (await client.page('list_cash_outflow', { project_id: costProject.id })).items;
    expect(nodes.length).toBeGreaterThan(0);
    const ids = new Set(nodes.map((node) => node.id));
    for (const node of nodes) {
      expect(node).toMatchObject({ type: 'CASH_OUTFLOW_NODE', project: costProject.id, node_type: expect.any(String) });
      isMoney(node.total_amount);
      for (const child of (node.children as string[] | undefined) ?? []) expect(ids.has(child)).toBe(true);
    }
  });
});

describe('revenues', () => {
  it.each([
    ['list_outright_sales', 'get_outright_sale', 'outright_sale_id', 'total_planned_revenues'],
    ['list_rent_units', 'get_rent_unit', 'rent_unit_id', 'real_case_total'],
    ['list_sales_units', 'get_sales_unit', 'sales_unit_id', 'listed_price'],
  ])('%s lists rows with totals and %s reads one', async (listTool, getTool, idArgument, money) => {
    const rows = await client.page(listTool);
    expect(rows.items.length).toBeGreaterThan(0);
    isMoney(rows.page_totals?.[money]?.[0]);
    const row = rows.items[0]!;
    expect(dataOf(await client.callTool(getTool, { [idArgument]: row.id }))).toEqual(row);
    const mine = await client.page(listTool, { filters: { 'project.in': [row.project as string] } });
    expectNarrowed(mine.items, rows.items, (item) => item.project === row.project);
  });

  it('filters sales units by status', async () => {
    const sold = await client.items('list_sales_units', { filters: { 'status.in': ['SOLD'] } });
    expectNarrowed(sold, await client.items('list_sales_units'), (item) => item.status === 'SOLD');
  });
});
