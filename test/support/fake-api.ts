/**
 * A stand-in for the remote API when a test needs an answer the real service gives
 * only in bad moments (401, 503, no answer at all) or needs to prove that no
 * request was sent. It records every request it receives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer: the client's timeout has to fire. */
  hang?: boolean;
}

export interface FakeApi {
  baseUrl: string;
  requests: Array<{ method: string; url: string }>;
  reply: Reply;
  close(): Promise<void>;
}

export async function startFakeApi(reply: Reply = { status: 500 }): Promise<FakeApi> {
  const api: FakeApi = { baseUrl: '', requests: [], reply, close: async () => undefined };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    api.requests.push({ method: request.method ?? '', url: request.url ?? '' });
    request.resume();
    if (api.reply.hang) return;
    response.writeHead(api.reply.status, { 'content-type': 'application/json', ...api.reply.headers });
    response.end(api.reply.body === undefined ? '' : JSON.stringify(api.reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fincon/v1`;
  api.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return api;
}
