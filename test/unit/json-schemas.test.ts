import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { convertedOnce, forModels, inputJsonSchema, SAME_ARGUMENTS_AS } from '../../src/json-schemas.js';

describe('input schemas as models see them', () => {
  it('drops bounds, patterns, record value schemas, long code lists and the dialect marker', () => {
    const advertised = forModels({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        comment: { type: 'string', minLength: 1, maxLength: 10_000, description: 'Stored with the payment' },
        name: { type: 'string', maxLength: 250, description: 'As printed' },
        amount: { type: 'string', pattern: '^\\d+$', description: 'Decimal string' },
        count: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        filters: { type: 'object', propertyNames: { maxLength: 300 }, additionalProperties: { type: 'string' } },
        country: { type: 'string', enum: Array.from({ length: 16 }, (_, i) => `C${i}`) },
        state: { type: 'string', enum: ['OPEN', 'DONE'] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1000 },
        due: {
          description: 'Due date or null',
          anyOf: [{ type: 'string', format: 'date', description: 'Due' }, { type: 'null' }],
        },
      },
      required: ['name'],
      additionalProperties: false,
    });
    expect(advertised).toEqual({
      type: 'object',
      properties: {
        comment: { type: 'string', description: 'Stored with the payment' },
        name: { type: 'string', description: 'As printed' },
        amount: { type: 'string', description: 'Decimal string' },
        count: { type: 'integer' },
        filters: { type: 'object' },
        country: { type: 'string' },
        state: { type: 'string', enum: ['OPEN', 'DONE'] },
        tags: { type: 'array', items: { type: 'string' } },
        due: { description: 'Due date or null', type: ['string', 'null'], format: 'date' },
      },
      required: ['name'],
    });
  });

  it('drops null defaults, uuid formats and descriptions that only repeat the name, and keeps the ones that say more', () => {
    const advertised = forModels({
      type: 'object',
      properties: {
        invoice_id: { type: 'string', format: 'uuid', description: 'The invoice id' },
        contract_unit_id: { type: 'string', description: 'The contract unit to change' },
        contract_id: { type: 'string', description: 'Move the invoice to this contract' },
        paid_amount: { $ref: '#/$defs/NetTax', description: 'Amount paid' },
        cursor: { type: 'string', description: 'From next_cursor' },
        cash_discount: { default: null, anyOf: [{ $ref: '#/$defs/NetTax' }, { type: 'null' }], description: 'Or null' },
      },
      $defs: { NetTax: { type: 'object', properties: { net: { type: 'string', description: 'Net' } } } },
    });
    expect(advertised).toEqual({
      type: 'object',
      properties: {
        invoice_id: { type: 'string' },
        contract_unit_id: { type: 'string' },
        contract_id: { type: 'string', description: 'Move the invoice to this contract' },
        paid_amount: { $ref: '#/$defs/NetTax' },
        cursor: { type: 'string', description: 'From next_cursor' },
        cash_discount: { anyOf: [{ $ref: '#/$defs/NetTax' }, { type: 'null' }], description: 'Or null' },
      },
      $defs: { NetTax: { type: 'object', properties: { net: { type: 'string' } } } },
    });
  });

  it('leaves out a property whose only value is its default', () => {
    const advertised = forModels({
      type: 'object',
      properties: {
        invoice_type: { type: 'string', enum: ['SINGLE'], default: 'SINGLE' },
        state: { type: 'string', enum: ['OPEN'] },
      },
    });
    expect(advertised).toEqual({ type: 'object', properties: { state: { type: 'string', enum: ['OPEN'] } } });
  });

  it('names the tool whose arguments the rows of a bulk call take instead of repeating them', () => {
    const advertised = forModels({
      type: 'object',
      properties: {
        readings: {
          type: 'array',
          items: { [SAME_ARGUMENTS_AS]: 'esg_create_meter_reading', type: 'object', properties: { value: { type: 'string' } } },
        },
      },
    });
    expect(advertised).toEqual({
      type: 'object',
      properties: {
        readings: { type: 'array', items: { type: 'object', description: 'The arguments of esg_create_meter_reading' } },
      },
    });
  });

  it('advertises the trimmed schema and still validates against the full one', () => {
    const schema = z.strictObject({ comment: z.string().max(10_000).meta({ description: 'Stored with the payment' }) });
    expect(inputJsonSchema(schema)).toEqual({
      type: 'object',
      properties: { comment: { type: 'string', description: 'Stored with the payment' } },
      required: ['comment'],
    });
    const validated = convertedOnce(schema)['~standard'].validate({ comment: 'x'.repeat(10_001) });
    expect('issues' in validated && validated.issues?.length).toBeTruthy();
  });
});
