/**
 * Access tokens for /mcp: JWTs checked locally against the issuer's keys, opaque tokens by
 * RFC 7662 introspection when configured. Every refusal is the same `invalid_token`; only an
 * unreachable issuer is told apart (it is not the caller's fault).
 */
import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import * as client from 'openid-client';
import { InvalidAccessToken, KeysUnavailable, looksLikeJwt, verifyAccessToken } from '../oauth/access-token.js';
import { clientConfiguration, type ClientCredentials } from '../oauth/client.js';
import { IssuerUnavailable, type Issuer } from '../oauth/issuer.js';
import { VerifiedTokens } from '../oauth/verified-tokens.js';

export interface TokenVerifierOptions {
  issuer: () => Promise<Issuer>;
  /** This server's public URL: the audience every accepted token must carry. */
  audience: string;
  /**
   * Where this server's Protected Resource Metadata is, carried by every verified token's AuthInfo
   * as the SDK's Bearer check adds it: with it there already, a remembered token comes back as
   * the very object remembered instead of a copy per request.
   */
  resourceMetadataUrl?: string;
  /** Opaque tokens are introspected with these; without them only JWTs are accepted. */
  introspection?: ClientCredentials;
}

function scopesOf(claims: Record<string, unknown>): string[] {
  if (typeof claims.scope === 'string') return claims.scope.split(' ').filter(Boolean);
  if (Array.isArray(claims.scp)) return claims.scp.filter((scope): scope is string => typeof scope === 'string');
  return [];
}

function audiences(aud: unknown): string[] {
  return Array.isArray(aud) ? aud.map(String) : typeof aud === 'string' ? [aud] : [];
}

const refuse = () => new OAuthError(OAuthErrorCode.InvalidToken, 'The access token is not valid for this server');

/** Signals that verification could not happen at all; the HTTP layer answers 503. */
export class VerificationUnavailable extends Error {
  override name = 'VerificationUnavailable';
}

export function createTokenVerifier(options: TokenVerifierOptions): OAuthTokenVerifier {
  const { audience } = options;
  const resource = new URL(audience);
  const verified = new VerifiedTokens<AuthInfo>();

  /**
   * A token's caller: its subject, or for a token of no user its client (see auth/caller.ts). A
   * token whose subject is its own client id is a client's too: RFC 9068 has client-credentials
   * tokens name their client in `sub`, which must not pass for a user of that name.
   */
  function authInfoFrom(token: string, claims: Record<string, unknown>, issuer: string): AuthInfo {
    const clientId = String(claims.client_id ?? claims.azp ?? '');
    const named = typeof claims.sub === 'string' && claims.sub ? claims.sub : undefined;
    const sub = named !== undefined && named !== clientId ? named : undefined;
    if ((!sub && !clientId) || typeof claims.exp !== 'number') throw refuse();
    return {
      token,
      clientId,
      scopes: scopesOf(claims),
      expiresAt: claims.exp,
      resource,
      extra: { iss: issuer, ...(sub ? { sub } : {}) },
      ...(options.resourceMetadataUrl !== undefined && { resourceMetadataUrl: options.resourceMetadataUrl }),
    };
  }

  async function introspect(issuer: Issuer, token: string, credentials: ClientCredentials): Promise<AuthInfo> {
    let claims: client.IntrospectionResponse;
    try {
      claims = await client.tokenIntrospection(clientConfiguration(issuer.metadata, credentials), token);
    } catch (error) {
      throw new VerificationUnavailable(`token introspection failed (${(error as Error).message})`, { cause: error });
    }
    if (!claims.active || !audiences(claims.aud).includes(audience)) throw refuse();
    if (claims.iss !== undefined && claims.iss !== issuer.metadata.issuer) throw refuse();
    return authInfoFrom(token, claims, issuer.metadata.issuer);
  }

  return {
    async verifyAccessToken(token) {
      const known = verified.get(token);
      if (known) return known;
      let issuer: Issuer;
      try {
        issuer = await options.issuer();
      } catch (error) {
        if (error instanceof IssuerUnavailable) throw new VerificationUnavailable(error.message, { cause: error });
        throw error;
      }
      if (!looksLikeJwt(token)) {
        if (!options.introspection) throw refuse();
        return introspect(issuer, token, options.introspection);
      }
      try {
        const claims = await verifyAccessToken(token, { keys: issuer.keys, issuer: issuer.metadata.issuer, audience });
        const info = authInfoFrom(token, claims, issuer.metadata.issuer);
        verified.remember(token, info, info.expiresAt);
        return info;
      } catch (error) {
        if (error instanceof KeysUnavailable) throw new VerificationUnavailable(error.message, { cause: error });
        if (error instanceof InvalidAccessToken) throw refuse();
        throw error;
      }
    },
  };
}
