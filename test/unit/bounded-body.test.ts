import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BodyTooLarge, readBoundedBody } from '../../src/upstream/bounded-body.js';

const KiB = 1024;
const body = (...chunks: Buffer[]) => Readable.from(chunks);

describe('readBoundedBody', () => {
  it('returns a body within the limit, decoded', async () => {
    const json = Buffer.from('{"data": []}');
    expect((await readBoundedBody(body(json), undefined, json.length, KiB)).toString()).toBe('{"data": []}');
    expect((await readBoundedBody(body(gzipSync(json)), 'gzip', 0, KiB)).toString()).toBe('{"data": []}');
    expect((await readBoundedBody(body(brotliCompressSync(json)), ' BR ', 0, KiB)).toString()).toBe('{"data": []}');
  });

  it('refuses a declared length past the limit without reading, and destroys the stream', async () => {
    const stream = body(Buffer.alloc(10));
    await expect(readBoundedBody(stream, undefined, 2 * KiB, KiB)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(stream.destroyed).toBe(true);
  });

  it('cuts off a body that grows past the limit', async () => {
    const stream = body(Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600));
    await expect(readBoundedBody(stream, undefined, 0, KiB)).rejects.toThrow('larger than');
    expect(stream.destroyed).toBe(true);
  });

  it('cuts off a small compressed body that would expand past the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * KiB));
    expect(bomb.length).toBeLessThan(KiB);
    await expect(readBoundedBody(body(bomb), 'gzip', 0, KiB)).rejects.toBeInstanceOf(BodyTooLarge);
    await expect(readBoundedBody(body(brotliCompressSync(Buffer.alloc(64 * KiB))), 'br', 0, KiB)).rejects.toBeInstanceOf(
      BodyTooLarge,
    );
  });
});
