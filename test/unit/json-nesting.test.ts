import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/transports/json-nesting.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const deeper = (text: string, limit: number) => nestsDeeperThan(bytes(text), limit);

/** A value whose arrays and objects nest exactly `depth` levels, alternating the two. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value, 1] : { key: value, other: null };
  return value;
}

/** How many levels of arrays and objects a parsed value has, counted on the value itself. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike, a level each', () => {
    expect(deeper('1', 0)).toBe(false);
    expect(deeper('[]', 0)).toBe(true);
    expect(deeper('[]', 1)).toBe(false);
    expect(deeper('{"a":{"b":[1,{}]}}', 3)).toBe(true);
    expect(deeper('{"a":{"b":[1,{}]}}', 4)).toBe(false);
  });

  it('draws the line exactly at the limit, for values JSON.stringify wrote', () => {
    for (const depth of [1, 2, 63, 64, 65, 200]) {
      const text = JSON.stringify(nested(depth));
      expect(deeper(text, 64), `depth ${depth}`).toBe(depth > 64);
      expect(deeper(text, depth), `depth ${depth} at its own limit`).toBe(false);
      expect(deeper(text, depth - 1), `depth ${depth} past its limit`).toBe(true);
    }
  });

  it('counts siblings once, not the brackets added up', () => {
    expect(deeper(JSON.stringify(Array.from({ length: 1_000 }, () => [[[]]])), 4)).toBe(false);
    expect(deeper(' [ [ ] , [ ] ] ', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(deeper('["[[[[{{{{"]', 1)).toBe(false);
    expect(deeper(JSON.stringify(['a"[[[', 'b\\', '[[[\\"[[', '\\\\"{{{']), 1)).toBe(false);
    expect(deeper(String.raw`["\\", [[1]]]`, 2)).toBe(true);
    expect(deeper(String.raw`["\"", [[1]]]`, 2)).toBe(true);
    expect(deeper(String.raw`["\\\"[[[", 1]`, 1)).toBe(false);
    expect(deeper(JSON.stringify({ '{[': '}]', 'ключ [': 'значение {€ 𝄞' }), 1)).toBe(false);
  });

  it('agrees with the depth of the parsed value for any JSON, whatever its strings hold', () => {
    const text = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a', 'é', '𝄞', '\n') });
    const value = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(text, tie('value'), { maxKeys: 4 }),
    })).value;
    fc.assert(
      fc.property(value, (json) => {
        const text = JSON.stringify(json);
        const depth = depthOf(json);
        expect(deeper(text, depth)).toBe(false);
        if (depth > 0) expect(deeper(text, depth - 1)).toBe(true);
      }),
    );
  });

  it('treats an unterminated string as running to the end', () => {
    expect(deeper('["[[[[', 1)).toBe(false);
    expect(deeper('["\\"[[[[', 1)).toBe(false);
  });

  it('finds 14 MB of nested brackets too deep', () => {
    const flood = Buffer.alloc(14 * 1024 * 1024, '[');
    flood.fill(']', flood.length / 2);
    expect(nestsDeeperThan(flood, 64)).toBe(true);
  });

  it('skips long strings to the brackets after them', () => {
    const upload = bytes(JSON.stringify({ content_base64: 'QUJD'.repeat(4_000_000), tags: [['a']] }));
    expect(nestsDeeperThan(upload, 2)).toBe(true);
    expect(nestsDeeperThan(upload, 3)).toBe(false);
  });
});
