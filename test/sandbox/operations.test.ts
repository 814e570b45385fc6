import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxOperations } from '../../src/sandbox/index.js';
import { fetchBytes, get, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

describe('sandboxOperations()', () => {
  const operations = sandboxOperations();
  const of = (product: string) => operations.filter((operation) => operation.product === product);

  it('lists every FinCon and CAPEX operation of the API plus the two payment endpoints of the product spec', () => {
    expect(of('fincon')).toHaveLength(92 + 2);
    expect(of('capex')).toHaveLength(56 + 2);
  });

  it('lists each operation once, with the path template as the API writes it', () => {
    const keys = operations.map((operation) => `${operation.product} ${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const operation of operations) expect(operation.path).toMatch(/^\/([\w-]+\/|\{\w+\}\/?)*([\w-]+|\{\w+\})?\/?$/);
    expect(keys).toEqual(
      expect.arrayContaining([
        'fincon GET /cost_elements/{id}',
        'fincon POST /invoices/{id}/register-payment/',
        'fincon GET /invoices/{id}/payments/',
        'fincon PATCH /invoices/{invoice_id}/payments/{payment_id}/',
        'fincon POST /projects/{id}/submit-invoice/',
        'fincon GET /reporting/cash_outflow/cost_elements/',
        'capex POST /assets/{id}/submit-invoice/',
        'capex GET /measures/{id}/contracts/',
        'capex PATCH /invoices/{invoice_id}/payments/{payment_id}/',
        'capex DELETE /tags/{id}/',
      ]),
    );
    expect(keys.filter((key) => key.startsWith('capex') && /contract_units|projects|reporting/.test(key))).toEqual([]);
  });
});

/** The `type` each GET answers with; `302` for downloads, `file` for the annotated ones. */
const EXPECTED: Record<'fincon' | 'capex', Record<string, string>> = {
  fincon: {
    '/properties/': 'PROPERTY',
    '/properties/{id}/': 'PROPERTY',
    '/properties/{property_id}/projects/': 'PROJECT',
    '/projects/': 'PROJECT',
    '/projects/{id}/': 'PROJECT',
    '/projects/{project_id}/custom_fields/': 'CUSTOM_FIELD',
    '/contracting_entities/{contracting_entity_id}/projects/': 'PROJECT',
    '/contract_units/': 'CONTRACT_UNIT',
    '/contract_units/{id}/': 'CONTRACT_UNIT',
    '/contract_units/{contract_unit_id}/contracts/': 'CONTRACT',
    '/budget_shifts/': 'BUDGET_SHIFT',
    '/contacts/': 'CONTACT',
    '/contacts/{id}/': 'CONTACT',
    '/cost_element_tree_templates/': 'COST_ELEMENT_TREE_TEMPLATE',
    '/cost_element_tree_templates/{id}/': 'COST_ELEMENT_TREE_TEMPLATE',
    '/cost_element_tree_templates/{id}/cost_elements/': 'COST_ELEMENT',
    '/cost_elements/': 'COST_ELEMENT',
    '/cost_elements/{id}': 'COST_ELEMENT',
    '/custom_field_definitions/': 'CUSTOM_FIELD_DEFINITION',
    '/custom_field_definitions/{id}/': 'CUSTOM_FIELD_DEFINITION',
    '/reporting/projects/': 'PROJECT_FINANCIALS',
    '/reporting/contracts/': 'CONTRACT_FINANCIALS',
    '/reporting/contract_units/': 'CONTRACT_UNIT_FINANCIALS',
    '/reporting/cost_elements/': 'COST_ELEMENT_FINANCIALS',
    '/reporting/cost_elements/contract_units/': 'COST_ELEMENT_CONTRACT_UNIT_FINANCIALS',
    '/reporting/cost_elements/contracts/': 'COST_ELEMENT_CONTRACT_FINANCIALS',
    '/reporting/cash_outflow/cost_elements/': 'CASH_OUTFLOW_NODE',
    '/reporting/outright_sales/': 'OUTRIGHT_SALE_FINANCIALS',
    '/reporting/outright_sales/{id}/': 'OUTRIGHT_SALE_FINANCIALS',
    '/reporting/rent_units/': 'RENT_UNIT_FINANCIALS',
    '/reporting/rent_units/{id}/': 'RENT_UNIT_FINANCIALS',
    '/reporting/sales_units/': 'SALES_UNIT_FINANCIALS',
    '/reporting/sales_units/{id}/': 'SALES_UNIT_FINANCIALS',
  },
  capex: {
    '/assets/': 'ASSET',
    '/assets/{id}/': 'ASSET',
    '/measures/': 'MEASURE',
    '/measures/{id}/': 'MEASURE',
    '/measures/{id}/contracts/': 'CONTRACT',
  },
};

/** Operations both products serve. */
const SHARED: Record<string, string> = {
  '/contracting_entities/': 'CONTRACTING_ENTITY',
  '/contracting_entities/{id}/': 'CONTRACTING_ENTITY',
  '/contracting_entities/{contracting_entity_id}/contracts/': 'CONTRACT',
  '/contractors/': 'CONTRACTOR',
  '/contractors/{id}/': 'CONTRACTOR',
  '/contractors/{contractor_id}/contracts/': 'CONTRACT',
  '/contractors/{id}/download-tax-waiver/': '302',
  '/contracts/': 'CONTRACT',
  '/contracts/{id}/': 'CONTRACT',
  '/contracts/{contract_id}/custom_fields/': 'CUSTOM_FIELD',
  '/contracts/{contract_id}/contract_terms/': 'CONTRACT_TERMS',
  '/contracts/{contract_id}/change_orders/': 'CHANGE_ORDER',
  '/contracts/{contract_id}/invoices/': 'INVOICE',
  '/contracts/{contract_id}/documents/': 'CONTRACT_DOCUMENT',
  '/contracts/{contract_id}/documents/{document_id}/': 'CONTRACT_DOCUMENT',
  '/contracts/{contract_id}/documents/{document_id}/download/': '302',
  '/change_orders/': 'CHANGE_ORDER',
  '/change_orders/{id}/': 'CHANGE_ORDER',
  '/change_orders/{change_order_id}/documents/': 'CHANGE_ORDER_DOCUMENT',
  '/change_orders/{change_order_id}/documents/{document_id}/': 'CHANGE_ORDER_DOCUMENT',
  '/change_orders/{change_order_id}/documents/{document_id}/download/': '302',
  '/change_orders/{change_order_id}/documents/{document_id}/download-annotated/': 'file',
  '/invoices/': 'INVOICE',
  '/invoices/{id}/': 'INVOICE',
  '/invoices/{id}/payments/': 'INVOICE_PAYMENT',
  '/invoices/{invoice_id}/tags/': 'TAG',
  '/invoices/{invoice_id}/documents/': 'INVOICE_DOCUMENT',
  '/invoices/{invoice_id}/documents/{document_id}/': 'INVOICE_DOCUMENT',
  '/invoices/{invoice_id}/documents/{document_id}/download/': '302',
  '/invoices/{invoice_id}/documents/{document_id}/download-annotated/': 'file',
  '/tags/': 'TAG',
};

/** Seeded records each path parameter can name (each with sub-resources to list), per collection. */
async function seededIds(base: string, product: 'fincon' | 'capex'): Promise<Record<string, string>> {
  const all = async (path: string) => (await walk(`${base}${path}`)).items as Json[];
  const has = async (path: string) => (await get(`${base}${path}`)).body.data.length > 0;
  const tags = (await all('/tags/')).map((tag) => tag.id).join(',');
  const invoice = (await all(`/invoices/?filter[invoice_process_state.in]=PAID&filter[tags.in]=${tags}`))[0] as Json;
  let contract: Json | undefined;
  for (const candidate of await all('/contracts/?filter[status.in]=ORDERED,PARTIAL_COMPLETED,COMPLETED')) {
    const id = candidate.id;
    if (
      (await has(`/contracts/${id}/change_orders/`)) &&
      (await has(`/contracts/${id}/invoices/`)) &&
      (await has(`/contracts/${id}/custom_fields/`))
    ) {
      contract = candidate;
      break;
    }
  }
  let contractor: string | undefined;
  for (const candidate of await all('/contractors/')) {
    if (candidate.attributes.tax_waiver?.filename && (await has(`/contractors/${candidate.id}/contracts/`))) {
      contractor = candidate.id;
      break;
    }
  }
  const first = async (path: string) => ((await all(path))[0] as Json).id as string;
  const ids: Record<string, string> = {
    contracts: contract?.id,
    invoices: invoice.id,
    change_orders: (await get(`${base}/contracts/${contract?.id}/change_orders/`)).body.data[0].id,
    contractors: contractor as string,
    contracting_entities: contract?.attributes.contracting_entity,
    tags: await first('/tags/'),
  };
  if (product === 'capex') return { ...ids, assets: await first('/assets/'), measures: contract?.attributes.measure };
  return {
    ...ids,
    projects: await first('/projects/?filter[use_cost_elements.is]=true'),
    properties: await first('/properties/'),
    contract_units: contract?.attributes.contract_unit,
    contacts: await first('/contacts/'),
    cost_elements: await first('/cost_elements/'),
    cost_element_tree_templates: await first('/cost_element_tree_templates/'),
    custom_field_definitions: await first('/custom_field_definitions/'),
    outright_sales: await first('/reporting/outright_sales/'),
    rent_units: await first('/reporting/rent_units/'),
    sales_units: await first('/reporting/sales_units/'),
  };
}

/** A concrete URL for a GET path template, using seeded ids (and the project filter reporting needs). */
async function concrete(base: string, template: string, ids: Record<string, string>): Promise<string> {
  const segments = template.split('/');
  let path = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!param) {
      path += (i === 0 ? '' : '/') + segment;
      continue;
    }
    const collection = (param === 'id' ? segments[i - 1] : `${param.replace(/_id$/, '')}s`) as string;
    const plural = { contracting_entitys: 'contracting_entities', propertys: 'properties' }[collection] ?? collection;
    const id = param === 'document_id' ? (await get(`${base}${path}/`)).body.data[0].id : (ids[plural] as string);
    path += `/${id}`;
  }
  if (template.startsWith('/reporting/cost_elements/')) return `${base}${path}?filter[project.in]=${ids.projects}`;
  if (template.startsWith('/reporting/cash_outflow/')) return `${base}${path}?filter[project.exact]=${ids.projects}`;
  return `${base}${path}`;
}

describe.each(['fincon', 'capex'] as const)('every %s GET operation', (product) => {
  const gets = sandboxOperations().filter((operation) => operation.product === product && operation.method === 'GET');
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = await seededIds(sandbox.handle.baseUrls[product], product);
  });

  it('has an expectation here', () => {
    const expected = { ...SHARED, ...EXPECTED[product] };
    expect(gets.map((operation) => operation.path).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(gets.map((operation) => operation.path))('GET %s answers with seeded data', async (template) => {
    const expected = { ...SHARED, ...EXPECTED[product] }[template];
    const url = await concrete(sandbox.handle.baseUrls[product], template, ids);
    if (expected === '302') {
      const response = await get(url);
      expect(response.status).toBe(302);
      expect(response.headers.location).toMatch(new RegExp(`^${sandbox.handle.storageOrigin}/`));
      return;
    }
    if (expected === 'file') {
      const file = await fetchBytes(url);
      expect(file.status).toBe(200);
      expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      return;
    }
    const response = await get(url);
    expect(response.status).toBe(200);
    const items = Array.isArray(response.body.data) ? response.body.data : [response.body.data];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.type).toBe(expected);
  });
});

it('serves /cost_elements/{id} as written, and redirects the slashed form to it', async () => {
  const element = (await get(`${sandbox.fincon}/cost_elements/`)).body.data[0];
  expect((await get(`${sandbox.fincon}/cost_elements/${element.id}`)).body.data.id).toBe(element.id);
  const slashed = await get(`${sandbox.fincon}/cost_elements/${element.id}/`);
  expect(slashed.status).toBe(307);
  expect(slashed.headers.location).toBe(`${sandbox.fincon}/cost_elements/${element.id}`);
});
