import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/dispatch/cursor.js';

const base = 'https://api.example.com/fincon/v1';

describe('page cursors', () => {
  it('round-trip the next link relative to the base URL', () => {
    const cursor = encodeCursor(`${base}/invoices/?filter%5Bcontract.in%5D=a,b&cursor%5Bposition%5D=xyz`, base);
    expect(cursor).not.toBeNull();
    expect(decodeCursor(cursor!, '/invoices/')).toBe('/invoices/?filter%5Bcontract.in%5D=a,b&cursor%5Bposition%5D=xyz');
  });

  it('refuse a cursor of another list or a link outside the base path', () => {
    const cursor = encodeCursor(`${base}/contracts/?cursor%5Bposition%5D=1`, base)!;
    expect(decodeCursor(cursor, '/invoices/')).toBeNull();
    expect(encodeCursor('https://elsewhere.example/other/v1/invoices/?cursor%5Bposition%5D=1', base)).toBeNull();
    expect(decodeCursor('not-a-cursor', '/invoices/')).toBeNull();
  });
});
