/** Large files the API accepts as PDFs, for upload tests and benchmarks. */
import { open } from 'node:fs/promises';

const MiB = 1024 * 1024;

/**
 * Writes a file the API accepts as a PDF: the header, `bytes` of filler, the end-of-file marker.
 * @param {string} path
 * @param {number} bytes
 */
export async function writePdf(path, bytes) {
  const handle = await open(path, 'w');
  try {
    await handle.write('%PDF-1.7\n');
    const block = Buffer.alloc(MiB, 0x20);
    for (let written = 0; written < bytes; written += block.length) {
      await handle.write(written + block.length <= bytes ? block : block.subarray(0, bytes - written));
    }
    await handle.write('\n%%EOF\n');
  } finally {
    await handle.close();
  }
}
