import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveFacts, factsFrom, FIXTURE, fixtureText, openapiDir } from './fixtures/openapi-facts.mjs';

const dir = openapiDir();
if (!dir) {
  console.warn(
    'openapi-facts.json was NOT compared with the OpenAPI copies: they are not beside this checkout. ' +
      'Set PFM_OPENAPI_DIR to the folder with fincon.json, capex.json and esg.json to run that check.',
  );
}

describe('the OpenAPI fixture', () => {
  it.runIf(dir)('is what `npm run fixtures` writes from the OpenAPI copies (run it after they change)', () => {
    expect(readFileSync(FIXTURE, 'utf8')).toBe(fixtureText(factsFrom(dir!)));
  });

  it.skipIf(dir)('was not compared with the OpenAPI copies: none beside the checkout (see the warning above)', () => {});
});

describe('deriving facts from an OpenAPI description', () => {
  const document = {
    paths: {
      '/contracts/': {
        get: {
          parameters: [
            { in: 'query', name: 'cursor[position]' },
            {
              in: 'query',
              name: 'filter[attribute.operation]',
              description: [
                'Money attributes can be filtered on both, net and tax values.',
                '| **Attribute** | `exact` | `in` | `range` |',
                '| :--- | :---: | :---: | :---: |',
                '| `name` | x |   |   |',
                '| `amount` |   |   | x |',
                '| `measure (CapEx only)` |   | x |   |',
                '| `contract_unit (FinCon only)` |   | x |   |',
              ].join('\n'),
            },
            {
              in: 'query',
              name: 'include',
              description: 'Currently available objects are:\n* contractor\n* contract_unit.project\n',
            },
          ],
        },
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Create' } } } },
        },
      },
      '/contracts/{contract_id}/documents/': {
        parameters: [{ $ref: '#/components/parameters/ContractId' }],
        post: {
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: { properties: { upload: { type: 'string' }, document_type: { type: 'string' } } },
              },
            },
          },
        },
      },
      '/readings/bulk/': {
        post: {
          parameters: [{ in: 'query', name: 'dry_run' }],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  properties: {
                    data: {
                      type: 'array',
                      items: { properties: { attributes: { properties: { value: {}, meter: {} } } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      parameters: { ContractId: { in: 'path', name: 'contract_id' } },
      schemas: {
        Create: { properties: { data: { $ref: '#/components/schemas/CreateData' } } },
        CreateData: {
          properties: {
            attributes: { anyOf: [{ $ref: '#/components/schemas/CreateAttributes' }, { type: 'null' }] },
            relationships: { properties: { contractor: {}, contract_unit: {} } },
          },
        },
        CreateAttributes: { properties: { name: {}, amount: {} } },
      },
    },
  };

  it('reads filters from the table, per product, and notes money filters by net and tax', () => {
    const [fincon, capex] = [deriveFacts(document, 'fincon'), deriveFacts(document, 'capex')];
    const list = (facts: typeof fincon) => facts.find((entry) => entry.method === 'GET')!;
    expect(list(fincon).filters).toEqual({ name: ['exact'], amount: ['range'], contract_unit: ['in'] });
    expect(list(capex).filters).toEqual({ name: ['exact'], amount: ['range'], measure: ['in'] });
    expect(list(fincon).money_filters_by_part).toBe(true);
    expect(list(fincon).include).toEqual(['contractor', 'contract_unit.project']);
    expect(list(fincon).query_params).toEqual([]);
  });

  it('reads JSON:API body fields through references and alternatives, bulk rows, form fields and path parameters', () => {
    const facts = deriveFacts(document, 'esg');
    expect(facts.find((entry) => entry.method === 'POST' && entry.path === '/contracts/')?.body).toEqual({
      content: 'json',
      rows: false,
      attributes: ['amount', 'name'],
      relationships: ['contract_unit', 'contractor'],
    });
    expect(facts.find((entry) => entry.path === '/readings/bulk/')).toMatchObject({
      query_params: ['dry_run'],
      body: { content: 'json', rows: true, attributes: ['meter', 'value'], relationships: [] },
    });
    expect(facts.find((entry) => entry.path.endsWith('/documents/'))).toMatchObject({
      path_params: ['contract_id'],
      body: { content: 'multipart', fields: ['document_type', 'upload'] },
    });
  });
});
