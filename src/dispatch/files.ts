/**
 * Local files for uploads and downloads. Paths are confined to the allowed roots
 * (real paths, so links cannot lead outside); uploads stream from disk, downloads
 * stream to disk or come back embedded when small.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { open, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { BodyTooLarge, readLimited } from '../upstream/bounded-body.js';
import type { FileSource } from '../upstream/multipart.js';
import { ArgumentProblem } from './problems.js';

/** Directories local paths may point into; null when local paths are off (hosted HTTP). */
export interface FileAccess {
  roots: readonly string[] | null;
  /** In read-only mode: why no local file may be written, as a clause ("this server runs with --read-only"). */
  writesRefused?: string;
}

/** Largest download returned inline instead of saved to disk. */
export const EMBED_LIMIT = 1024 * 1024;

/** EMBED_LIMIT as the refusals and instructions say it. */
export const EMBED_LIMIT_TEXT = `${EMBED_LIMIT / 1024 / 1024} MiB`;

function inside(root: string, target: string): boolean {
  const path = relative(root, target);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

async function allowedRoots(access: FileAccess, argument: string): Promise<string[]> {
  if (!access.roots?.length) {
    throw new ArgumentProblem(
      argument,
      'local files are not available on this server (no --file-roots: it runs over HTTP, or was started in the filesystem root); set --file-roots, or send content_base64 instead, or omit save_to to get the file embedded',
    );
  }
  return Promise.all(access.roots.map((root) => realpath(root)));
}

function outsideRoots(roots: readonly string[]): string {
  return `must be inside the allowed file roots (${roots.join(', ')}); set --file-roots to allow other directories`;
}

/** An existing file to read, as a real path inside a root. Relative paths start at the first root. */
export async function readablePath(access: FileAccess, given: string, argument: string): Promise<string> {
  const roots = await allowedRoots(access, argument);
  let real: string;
  try {
    real = await realpath(resolve(roots[0]!, given));
  } catch {
    throw new ArgumentProblem(argument, `no file at ${given}`);
  }
  if (!roots.some((root) => inside(root, real))) throw new ArgumentProblem(argument, outsideRoots(roots));
  if (!(await stat(real)).isFile()) throw new ArgumentProblem(argument, `${given} is not a file`);
  return real;
}

/** A new file to write: its directory must exist inside a root, and the file must not exist yet. */
export async function writablePath(access: FileAccess, given: string, argument: string): Promise<string> {
  if (access.writesRefused) {
    throw new ArgumentProblem(
      argument,
      `writes a file, and ${access.writesRefused}: call again without ${argument} to get the file embedded in the answer (up to ${EMBED_LIMIT_TEXT})`,
    );
  }
  const roots = await allowedRoots(access, argument);
  const target = resolve(roots[0]!, given);
  let directory: string;
  try {
    directory = await realpath(dirname(target));
  } catch {
    throw new ArgumentProblem(argument, `the directory ${dirname(target)} does not exist`);
  }
  if (!roots.some((root) => inside(root, directory))) throw new ArgumentProblem(argument, outsideRoots(roots));
  const real = directory + sep + basename(target);
  if (
    await stat(real).then(
      () => true,
      () => false,
    )
  ) {
    throw new ArgumentProblem(argument, `${given} already exists; choose a new file name`);
  }
  return real;
}

const MEDIA_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function mediaTypeOf(filename: string): string {
  return MEDIA_TYPES[extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

/** A PDF starts with %PDF- within its first KiB and ends with %%EOF within its last KiB. */
function looksLikePdf(head: Buffer, tail: Buffer): boolean {
  return head.includes('%PDF-') && tail.includes('%%EOF');
}

export interface UploadSource {
  /** Where the bytes come from: read from disk as they are sent, or already in memory. */
  source: FileSource;
  filename: string;
  type: string;
}

async function fromDisk(access: FileAccess, path: string, pdfOnly: boolean): Promise<UploadSource> {
  const real = await readablePath(access, path, 'file_path');
  if (pdfOnly) {
    const handle = await open(real, constants.O_RDONLY);
    try {
      const { size } = await handle.stat();
      const head = Buffer.alloc(Math.min(1024, size));
      const tail = Buffer.alloc(Math.min(1024, size));
      await handle.read(head, 0, head.length, 0);
      await handle.read(tail, 0, tail.length, size - tail.length);
      if (!looksLikePdf(head, tail))
        throw new ArgumentProblem('file_path', `${path} is not a valid PDF; the API accepts only PDF documents here`);
    } finally {
      await handle.close();
    }
  }
  const filename = basename(real);
  return { source: { path: real }, filename, type: mediaTypeOf(filename) };
}

function fromBase64(content: string, filename: string, pdfOnly: boolean): UploadSource {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(content.replace(/\s+/g, ''))) {
    throw new ArgumentProblem('content_base64', 'is not base64');
  }
  const bytes = Buffer.from(content, 'base64');
  if (pdfOnly && !looksLikePdf(bytes.subarray(0, 1024), bytes.subarray(-1024))) {
    throw new ArgumentProblem('content_base64', 'is not a valid PDF; the API accepts only PDF documents here');
  }
  return { source: { bytes }, filename, type: mediaTypeOf(filename) };
}

/** A name given for an upload, reduced to its base name: a path in it must not travel to the API. */
function baseName(given: string): string {
  const name = (given.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name === '' || name === '.' || name === '..') {
    throw new ArgumentProblem('filename', 'must be a file name such as "Rechnung-2026-118.pdf", not a path');
  }
  return name;
}

/** The file an upload sends: streamed from disk when given a path. */
export function uploadSource(args: Record<string, unknown>, access: FileAccess, pdfOnly: boolean): Promise<UploadSource> {
  const filename = typeof args.filename === 'string' ? baseName(args.filename) : undefined;
  if (typeof args.file_path === 'string') {
    return fromDisk(access, args.file_path, pdfOnly).then((source) => ({ ...source, filename: filename ?? source.filename }));
  }
  return Promise.resolve(fromBase64(args.content_base64 as string, filename as string, pdfOnly));
}

export interface DeliveredFile {
  size: number;
  sha256: string;
  /** The bytes, when the file was kept in memory to embed. */
  bytes?: Buffer;
  saved_to?: string;
}

function measuring(onChunk: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onChunk(chunk);
      done(null, chunk);
    },
  });
}

/**
 * Streams a download to a new local file: into a hidden temporary file beside it, renamed into
 * place once complete. A download that fails leaves nothing behind, so asking again works.
 */
export async function saveStream(body: Readable, target: string): Promise<DeliveredFile> {
  const hash = createHash('sha256');
  let size = 0;
  const partial = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  const file = createWriteStream(partial, { flags: 'wx' });
  try {
    await pipeline(
      body,
      measuring((chunk) => {
        size += chunk.length;
        hash.update(chunk);
      }),
      file,
    );
    await rename(partial, target);
  } catch (error) {
    // A body that breaks off early can fail the pipeline before the file is even open: removing it
    // then would leave the file the pending open creates a moment later.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await rm(partial, { force: true });
    throw error;
  }
  return { size, sha256: hash.digest('hex'), saved_to: target };
}

/** Reads a download into memory, or returns null as soon as it passes the embed limit. */
export async function readSmall(body: Readable): Promise<DeliveredFile | null> {
  try {
    const bytes = await readLimited(body, EMBED_LIMIT);
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
  } catch (error) {
    if (error instanceof BodyTooLarge) return null;
    throw error;
  }
}
