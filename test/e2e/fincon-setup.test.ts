/**
 * The account's FinCon structures, read-only: cost elements, cost element tree
 * templates and custom field definitions, end to end (stdio, legacy client).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';

let client: TestClient;

beforeAll(async () => {
  client = await connect('stdio', 'legacy', { args: ['--toolsets', 'setup'] });
});
afterAll(async () => {
  await client?.close();
});

describe('cost elements and their templates', () => {
  it('lists templates, reads one and rebuilds its tree from the parents', async () => {
    const templates = await client.items('list_cost_element_tree_templates');
    expect(templates.length).toBeGreaterThan(0);
    const template = templates[0]!;
    expect(template).toMatchObject({ type: 'COST_ELEMENT_TREE_TEMPLATE', name: expect.any(String) });
    expect(
      dataOf(await client.callTool('get_cost_element_tree_template', { cost_element_tree_template_id: template.id })),
    ).toEqual(template);

    const elements = await client.items('list_tree_template_cost_elements', { cost_element_tree_template_id: template.id });
    expect(elements.length).toBeGreaterThan(0);
    const ids = new Set(elements.map((element) => element.id));
    expect(elements.some((element) => element.parent === undefined)).toBe(true);
    expect(elements.every((element) => element.parent === undefined || ids.has(element.parent as string))).toBe(true);
  });

  it('lists cost elements filtered by template and reads one (its path has no trailing slash)', async () => {
    const [template] = await client.items('list_cost_element_tree_templates');
    const elements = await client.items('list_cost_elements', { filters: { 'cost_element_tree_template.in': [template!.id] } });
    expect(elements.length).toBeGreaterThan(0);
    expect(elements.every((element) => element.cost_element_tree_template === template!.id)).toBe(true);
    const child = elements.find((element) => element.parent) ?? elements[0]!;
    expect(dataOf(await client.callTool('get_cost_element', { cost_element_id: child.id }))).toEqual(child);
  });

  it('refuses a cost category the API does not know', async () => {
    const result = await client.callTool('list_cost_elements', { filters: { 'cost_category.exact': 'SITE' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/cost_category.exact.*not a supported filter/);
  });
});

describe('custom field definitions', () => {
  it('lists definitions by object type and reads one', async () => {
    const contractFields = await client.items('list_custom_field_definitions', { filters: { 'object_type.in': ['CONTRACT'] } });
    expect(contractFields.length).toBeGreaterThan(0);
    expect(contractFields.every((field) => field.object_type === 'CONTRACT')).toBe(true);
    const definition = contractFields[0]!;
    expect(definition).toMatchObject({ field_type: expect.any(String), unit: expect.any(String) });
    expect(dataOf(await client.callTool('get_custom_field_definition', { custom_field_definition_id: definition.id }))).toEqual(
      definition,
    );
  });
});
