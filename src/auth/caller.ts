import type { AuthInfo } from '@modelcontextprotocol/server';

/** Who is calling, as the rest of the server needs to know it (hosted mode). */
export interface Caller {
  /** The token's subject (its client for tokens without one). */
  sub: string;
  scopes: ReadonlySet<string>;
  /** The caller's own access token: exchanged for an upstream token, never sent upstream. */
  token: string;
}

export function callerOf(authInfo: AuthInfo): Caller {
  const sub = typeof authInfo.extra?.sub === 'string' ? authInfo.extra.sub : authInfo.clientId;
  return { sub, scopes: new Set(authInfo.scopes), token: authInfo.token };
}
