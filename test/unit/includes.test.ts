/** Which API refusals blame the include parameter, and the request path without it. */
import { describe, expect, it } from 'vitest';
import { includeOf, refusedInclude, withoutInclude } from '../../src/dispatch/includes.js';
import { apiOperations } from '../../tools/index.js';

const getInvoice = apiOperations.find((operation) => operation.name === 'get_invoice')!;
const PATH = '/invoices/?filter%5Bcontract.in%5D=a%2Cb&include=contract%2Ccontract.contractor&cursor%5Bposition%5D=x';
const answer = (status: number, body: unknown) => ({ status, headers: {}, body });

describe('a refused include', () => {
  it.each([
    ['errors[] naming the parameter', 400, { errors: [{ detail: 'Bad path', source: { parameter: 'include' } }] }],
    ['errors[] saying it', 400, { errors: [{ detail: "Cannot include 'contract.vendor'." }] }],
    ['a validation body locating it', 422, { detail: [{ loc: ['query', 'include'], msg: 'Value error' }] }],
    ['a plain detail saying it', 400, { detail: 'Unknown include path contract.vendor' }],
  ])('is told by %s', (_case, status, body) => {
    expect(refusedInclude(getInvoice, PATH, answer(status, body))).toEqual(['contract', 'contract.contractor']);
  });

  it.each([
    ['a refused filter', 400, { errors: [{ detail: "Filter 'x' is not supported.", source: { parameter: 'filter[x.in]' } }] }],
    ['an answer that is not about the request', 404, { errors: [{ detail: 'Invoice not found; include nothing.' }] }],
  ])('is not told by %s', (_case, status, body) => {
    expect(refusedInclude(getInvoice, PATH, answer(status, body))).toBeUndefined();
  });

  it('is not looked for in a request that sent none', () => {
    const body = { errors: [{ source: { parameter: 'include' } }] };
    expect(refusedInclude(getInvoice, withoutInclude(PATH), answer(400, body))).toBeUndefined();
  });
});

describe('a request path', () => {
  it('gives its include paths, and loses only its include parameter', () => {
    expect(includeOf(PATH)).toEqual(['contract', 'contract.contractor']);
    expect(withoutInclude(PATH)).toBe('/invoices/?filter%5Bcontract.in%5D=a%2Cb&cursor%5Bposition%5D=x');
    expect(withoutInclude('/invoices/x/?include=contract')).toBe('/invoices/x/');
    expect(includeOf('/invoices/')).toEqual([]);
  });
});
