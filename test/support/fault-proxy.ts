/**
 * A forwarding proxy in front of a real API (the sandbox) that fails the requests a test picks,
 * so a test can break one exchange of many and see what the server makes of it.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body as text (the tests send small JSON bodies). */
  body: string;
}

export type CustomAnswer = (outgoing: ServerResponse) => void | Promise<void>;
export interface JsonAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FaultProxy {
  /** The proxy's origin; paths below it are the target's. */
  origin: string;
  /** Requests that get `failWith` instead of being forwarded. */
  fails: (method: string, path: string) => boolean;
  /**
   * The answer a failed request gets: a JSON answer, 'drop' (the connection is cut without
   * one), or a function that answers as it likes (slowly, endlessly, not in JSON).
   */
  failWith: JsonAnswer | 'drop' | CustomAnswer;
  /** Every request that reached the proxy, in order. */
  seen: SeenRequest[];
  /** How long each forwarded request is held before it is forwarded. */
  delayMs: number;
  /**
   * When set, each forwarded request is also held until `inFlight` requests are at the proxy (then
   * all held ones go on) or `atMostMs` passed: requests sent together meet here however busy the
   * machine is, where a fixed delay lets one that opens a new connection arrive after the other left.
   */
  meeting: { inFlight: number; atMostMs: number } | undefined;
  /** Requests being handled now, and the most there ever were at once. */
  inFlight: number;
  peakInFlight: number;
  /** Stops taking new connections (they are refused); requests on open ones are still answered. */
  stopListening(): void;
  close(): Promise<void>;
}

/** A proxy to `targetOrigin` on `port` (a free one by default; a stopped proxy's, to bring it back). */
export async function startFaultProxy(targetOrigin: string, port = 0): Promise<FaultProxy> {
  const proxy: FaultProxy = {
    origin: '',
    fails: () => false,
    failWith: { status: 503, body: { errors: [{ status: '503', title: 'Service Unavailable' }] } },
    seen: [],
    delayMs: 0,
    meeting: undefined,
    inFlight: 0,
    peakInFlight: 0,
    stopListening: () => undefined,
    close: async () => undefined,
  };
  const held = new Set<() => void>();
  const met = ({ inFlight, atMostMs }: { inFlight: number; atMostMs: number }) =>
    new Promise<void>((go) => {
      if (proxy.inFlight >= inFlight) {
        for (const release of held) release();
        go();
        return;
      }
      const release = () => {
        clearTimeout(timer);
        held.delete(release);
        go();
      };
      const timer = setTimeout(release, atMostMs);
      held.add(release);
    });
  const server = createServer(async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    proxy.inFlight += 1;
    proxy.peakInFlight = Math.max(proxy.peakInFlight, proxy.inFlight);
    outgoing.once('close', () => (proxy.inFlight -= 1));
    const method = incoming.method ?? 'GET';
    const path = incoming.url ?? '/';
    const chunks: Buffer[] = [];
    for await (const chunk of incoming as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    proxy.seen.push({ method, path, headers: incoming.headers, body: body.toString('utf8') });
    if (proxy.fails(method, path)) {
      const failure = proxy.failWith;
      if (failure === 'drop') {
        incoming.socket.destroy();
        return;
      }
      if (typeof failure === 'function') {
        await failure(outgoing);
        return;
      }
      outgoing.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
      outgoing.end(JSON.stringify(failure.body ?? {}));
      return;
    }
    if (proxy.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, proxy.delayMs));
    if (proxy.meeting) await met(proxy.meeting);
    // The body is forwarded whole, so undici sets its length itself.
    const hopByHop = new Set(['host', 'connection', 'transfer-encoding', 'content-length']);
    const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !hopByHop.has(name)));
    try {
      const answer = await request(targetOrigin + path, {
        method: method as 'GET',
        headers: headers as Record<string, string>,
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
      });
      outgoing.writeHead(answer.statusCode, answer.headers as Record<string, string>);
      for await (const chunk of answer.body) outgoing.write(chunk);
      outgoing.end();
    } catch {
      // The target cut the connection (a sandbox dropping the answer on purpose): so does the proxy.
      incoming.socket.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stopListening = () => void server.close();
  proxy.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}
