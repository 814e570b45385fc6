import { describe, expect, it } from 'vitest';
import { get, query, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

describe('cost element tree templates and cost elements', () => {
  it('lists templates with filters and reads one', async () => {
    const templates = (await walk(`${sandbox.fincon}/cost_element_tree_templates/`)).items;
    expect(templates.map((template: Json) => template.attributes.name)).toContain('DIN 276 (2018-12) Neubau');
    const found = await get(`${sandbox.fincon}/cost_element_tree_templates/${query({ 'filter[name.contains]': 'din 276' })}`);
    expect(found.body.data).toHaveLength(1);
    const recent = await get(
      `${sandbox.fincon}/cost_element_tree_templates/${query({ 'filter[created_at.greater_than_equal]': '2024-01-01T00:00:00Z' })}`,
    );
    expect(recent.body.data.every((template: Json) => template.attributes.created_at >= '2024')).toBe(true);
    expect((await get(`${sandbox.fincon}/cost_element_tree_templates/${templates[0].id}/`)).body.data).toEqual(templates[0]);
  });

  it('builds each template as a tree: groups without parent, elements under them', async () => {
    const template = (await get(`${sandbox.fincon}/cost_element_tree_templates/`)).body.data[0];
    const elements = (await walk(`${sandbox.fincon}/cost_element_tree_templates/${template.id}/cost_elements/`)).items;
    const filtered = (
      await walk(`${sandbox.fincon}/cost_elements/${query({ 'filter[cost_element_tree_template.in]': template.id })}`)
    ).items;
    expect(filtered.map((element: Json) => element.id)).toEqual(elements.map((element: Json) => element.id));
    const ids = new Set(elements.map((element: Json) => element.id));
    const roots = elements.filter((element: Json) => element.attributes.parent === null);
    expect(roots.length).toBeGreaterThan(5);
    for (const element of elements) if (element.attributes.parent !== null) expect(ids.has(element.attributes.parent)).toBe(true);
    const children = (await walk(`${sandbox.fincon}/cost_elements/${query({ 'filter[parent.in]': roots[2].id })}`)).items;
    expect(children.length).toBeGreaterThan(0);
    expect(
      children.every(
        (element: Json) =>
          element.attributes.parent === roots[2].id && element.attributes.cost_category === roots[2].attributes.cost_category,
      ),
    ).toBe(true);
  });

  it('filters cost elements by category and name', async () => {
    const esg = (await walk(`${sandbox.fincon}/cost_elements/${query({ 'filter[cost_category.in]': 'ESG_IMPROVEMENT' })}`)).items;
    expect(esg.length).toBeGreaterThan(0);
    expect(esg.every((element: Json) => element.attributes.cost_category === 'ESG_IMPROVEMENT')).toBe(true);
    const named = await get(`${sandbox.fincon}/cost_elements/${query({ 'filter[name.exact]': '420 Wärmeversorgungsanlagen' })}`);
    expect(named.body.data).toHaveLength(1);
    expect((await get(`${sandbox.fincon}/cost_elements/${query({ 'filter[cost_category.in]': 'BUILDING' })}`)).status).toBe(400);
  });
});
