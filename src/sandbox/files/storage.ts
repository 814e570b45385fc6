import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { FileStore, StoredFile } from './file-store.js';

/**
 * The sandbox's object store: a second HTTP server on its own port (so a different origin than
 * the API) that serves files behind temporary, unguessable links, as the real service's
 * download endpoints redirect to. Like a real object store it rejects requests that carry
 * API credentials, so a client that forwards them across the redirect is caught.
 */

interface LinkOptions {
  /** Name offered in Content-Disposition; defaults to the file's own name. */
  filename?: string;
  /** How long the link works; defaults to five minutes. */
  ttlMs?: number;
}

interface Grant {
  file: StoredFile;
  filename: string;
  expiresAt: number;
}

const DEFAULT_TTL_MS = 5 * 60_000;
/** Expired links are swept once this many are outstanding (a benchmark mints thousands). */
const SWEEP_AT = 1000;
const CREDENTIAL_HEADERS = ['x-api-key', 'x-api-token', 'authorization'] as const;

/** http://host:port, with an IPv6 address in brackets. */
export function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export class StorageHost {
  private readonly grants = new Map<string, Grant>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly server: Server,
    private readonly files: FileStore,
    readonly origin: string,
  ) {}

  /** Starts the storage host on `host` with a free port; its links name `publicHost`. */
  static async start(files: FileStore, host = '127.0.0.1', publicHost = host): Promise<StorageHost> {
    let storage: StorageHost | undefined;
    const server = createServer((request, response) => {
      void storage?.serve(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    storage = new StorageHost(server, files, originOf(publicHost, port));
    return storage;
  }

  /** A temporary download link for a stored file. */
  link(file: StoredFile, options: LinkOptions = {}): string {
    const now = Date.now();
    if (this.grants.size >= SWEEP_AT) {
      for (const [token, grant] of this.grants) if (grant.expiresAt < now) this.grants.delete(token);
    }
    const token = randomBytes(24).toString('base64url');
    const expiresAt = now + (options.ttlMs ?? DEFAULT_TTL_MS);
    this.grants.set(token, { file, filename: options.filename ?? file.filename, expiresAt });
    return `${this.origin}/objects/${token}?expires=${Math.floor(expiresAt / 1000)}`;
  }

  close(): Promise<void> {
    return (this.closing ??= new Promise<void>((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()));
      this.server.closeAllConnections();
    }));
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
    const credential = CREDENTIAL_HEADERS.find((name) => request.headers[name] !== undefined);
    if (credential) {
      return refuse(
        response,
        400,
        'InvalidArgument',
        `Unsupported authorization: the request carries a ${credential} header; the link is presigned and takes no credentials.`,
      );
    }
    const token = /^\/objects\/([\w-]+)$/.exec(url.pathname)?.[1];
    const grant = token === undefined ? undefined : this.grants.get(token);
    if (!grant) return refuse(response, 403, 'AccessDenied', 'Invalid or unknown download link.');
    if (grant.expiresAt < Date.now()) {
      this.grants.delete(token as string);
      return refuse(response, 403, 'AccessDenied', 'Request has expired.');
    }
    if (!this.files.has(grant.file)) return refuse(response, 404, 'NoSuchKey', 'The specified key does not exist.');

    response.writeHead(200, {
      'Content-Type': grant.file.contentType,
      'Content-Length': String(grant.file.size),
      'Content-Disposition': attachment(grant.filename),
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    await pipeline(this.files.open(grant.file), response).catch(() => response.destroy());
  }
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function refuse(response: ServerResponse, status: number, code: string, message: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`;
  response.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
}
