import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, relativeLink } from '../../src/dispatch/cursor.js';

const base = 'https://api.example.com/fincon/v1';

describe('page cursors', () => {
  it("keep the API's page link relative to the base URL, and a row offset within that page", () => {
    const page = relativeLink(`${base}/invoices/?filter%5Bcontract.in%5D=a,b&cursor%5Bposition%5D=xyz`, base)!;
    expect(page).toBe('/invoices/?filter%5Bcontract.in%5D=a,b&cursor%5Bposition%5D=xyz');
    expect(decodeCursor(encodeCursor({ page, skip: 40 }), '/invoices/')).toEqual({ page, skip: 40 });
  });

  it('refuse a cursor of another list, a link outside the base path and anything made up', () => {
    expect(decodeCursor(encodeCursor({ page: '/contracts/?cursor%5Bposition%5D=1', skip: 0 }), '/invoices/')).toBeNull();
    expect(relativeLink('https://elsewhere.example/other/v1/invoices/?cursor%5Bposition%5D=1', base)).toBeNull();
    expect(decodeCursor('not-a-cursor', '/invoices/')).toBeNull();
    expect(decodeCursor(encodeCursor({ page: '/invoices/', skip: -1 }), '/invoices/')).toBeNull();
  });
});
