import type { AuthInfo } from '@modelcontextprotocol/server';

/** Who is calling, as the rest of the server needs to know it (hosted mode). */
export interface Caller {
  /**
   * What confirmations, rate limits and audit lines are bound to: the issuer and the subject
   * together, so a token without `sub` never passes for a user whose subject equals its client id.
   */
  id: string;
  /** The issuer of the token. */
  iss: string;
  /**
   * The token's subject, or `client:<client_id>` for a token without one; a subject that itself
   * starts with `client:` or `sub:` is written `sub:<subject>`, so no user passes for a client.
   */
  sub: string;
  scopes: ReadonlySet<string>;
  /** The caller's own access token: exchanged for an upstream token, never sent upstream. */
  token: string;
}

/**
 * Callers already made, by the verified token they come from: a token verified once is the same
 * object on each of its requests (oauth/verified-tokens.ts), and each request asks for its caller twice.
 */
const callers = new WeakMap<AuthInfo, Caller>();

export function callerOf(authInfo: AuthInfo): Caller {
  let caller = callers.get(authInfo);
  if (!caller) {
    caller = newCaller(authInfo);
    callers.set(authInfo, caller);
  }
  return caller;
}

function newCaller(authInfo: AuthInfo): Caller {
  const iss = typeof authInfo.extra?.iss === 'string' ? authInfo.extra.iss : '';
  const subject = typeof authInfo.extra?.sub === 'string' ? authInfo.extra.sub : undefined;
  const sub = subject === undefined ? `client:${authInfo.clientId}` : /^(client|sub):/.test(subject) ? `sub:${subject}` : subject;
  // An issuer is a URL without spaces, so the first space is where the subject begins.
  return { id: `${iss} ${sub}`, iss, sub, scopes: new Set(authInfo.scopes), token: authInfo.token };
}
