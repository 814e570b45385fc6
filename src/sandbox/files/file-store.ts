import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { looksLikePdf, PdfSniffer } from './pdf.js';

/** A file the sandbox holds: what the API knows about it, and the key to its bytes. */
export interface StoredFile {
  key: string;
  filename: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  /** Starts with `%PDF-` and has `%%EOF` near its end. */
  isPdf: boolean;
}

interface FileMeta {
  filename: string;
  contentType: string;
}

/** Thrown by `write` when the content exceeds the size limit; the partial file is already gone. */
export class FileTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`file larger than ${limit} bytes`);
  }
}

/**
 * The bytes of one sandbox instance: uploads are streamed to a private temporary directory
 * (removed on dispose), small generated files (seed documents, coversheets) stay in memory.
 */
export class FileStore {
  private readonly directory = mkdtempSync(join(tmpdir(), 'project-finance-sandbox-'));
  private readonly onDisk = new Set<string>();
  /** Content held in memory, produced on first use. */
  private readonly inMemory = new Map<string, () => Buffer>();
  private lastKey = 0;

  private newKey(): string {
    this.lastKey += 1;
    return `file-${this.lastKey}`;
  }

  /** Streams `source` to disk, hashing and sniffing it on the way; never holds the whole content. */
  async write(source: Readable, meta: FileMeta, options: { maxBytes?: number } = {}): Promise<StoredFile> {
    const key = this.newKey();
    const path = join(this.directory, key);
    const hash = createHash('sha256');
    const sniffer = new PdfSniffer();
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    let size = 0;
    const observe = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) return done(new FileTooLarge(limit));
        hash.update(chunk);
        sniffer.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, observe, createWriteStream(path));
    } catch (error) {
      await unlink(path).catch(() => undefined);
      throw error;
    }
    this.onDisk.add(key);
    return { key, ...meta, size, sha256: hash.digest('hex'), isPdf: sniffer.isPdf() };
  }

  /**
   * Content generated on first use: seeds describe hundreds of documents nobody may download,
   * so their bytes (and size and hash) are produced only when read.
   */
  addGenerated(meta: FileMeta, render: () => Buffer): StoredFile {
    const key = this.newKey();
    let content: Buffer | undefined;
    let sha256: string | undefined;
    const bytes = () => (content ??= render());
    this.inMemory.set(key, bytes);
    return {
      key,
      ...meta,
      get size() {
        return bytes().length;
      },
      get sha256() {
        return (sha256 ??= createHash('sha256').update(bytes()).digest('hex'));
      },
      get isPdf() {
        return looksLikePdf(bytes());
      },
    };
  }

  has(file: StoredFile): boolean {
    return this.onDisk.has(file.key) || this.inMemory.has(file.key);
  }

  open(file: StoredFile): Readable {
    const bytes = this.inMemory.get(file.key);
    if (bytes) return Readable.from([bytes()]);
    if (!this.onDisk.has(file.key)) throw new Error(`file ${file.key} is not stored`);
    return createReadStream(join(this.directory, file.key));
  }

  async remove(file: StoredFile): Promise<void> {
    if (this.inMemory.delete(file.key)) return;
    if (this.onDisk.delete(file.key)) await unlink(join(this.directory, file.key)).catch(() => undefined);
  }

  dispose(): void {
    this.inMemory.clear();
    this.onDisk.clear();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
