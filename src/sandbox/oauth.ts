/**
 * The sandbox as an OAuth resource server, like the real service can be: `Authorization: Bearer`
 * JWTs checked against the issuer's keys, issuer, audience and expiry. A token that passed is
 * remembered, as a resource server in front of an API remembers it: checking its signature on
 * every request would cost more than the request itself and, on a machine shared with the MCP
 * server, slow both down. API keys keep working beside them unless `only` is set.
 */
import { verifyAccessToken } from '../oauth/access-token.js';
import { lazyIssuer } from '../oauth/issuer.js';
import { VerifiedTokens } from '../oauth/verified-tokens.js';

export interface SandboxOAuthOptions {
  /** The authorization server whose tokens are accepted. */
  issuer: string;
  /** The audience API tokens must carry (the API's resource indicator). */
  audience: string;
  /** Refuse API keys: only bearer tokens get in. */
  only?: boolean;
}

/** The verified token subject, or undefined when the token does not pass. */
export type BearerCheck = (token: string) => Promise<string | undefined>;

export function bearerCheck(options: SandboxOAuthOptions): BearerCheck {
  const issuer = lazyIssuer(options.issuer);
  const verified = new VerifiedTokens<string>();
  return async (token) => {
    const known = verified.get(token);
    if (known !== undefined) return known;
    try {
      const { keys, metadata } = await issuer();
      const claims = await verifyAccessToken(token, { keys, issuer: metadata.issuer, audience: options.audience });
      const subject = String(claims.sub ?? claims.client_id ?? '');
      verified.remember(token, subject, claims.exp);
      return subject;
    } catch {
      return undefined;
    }
  };
}
