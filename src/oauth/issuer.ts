/**
 * An authorization server as a resource server sees it: its metadata found by discovery
 * (RFC 8414, or OpenID Connect discovery) and its signing keys. Shared by the MCP endpoint
 * and the sandbox; it knows nothing of either.
 */
import { createRemoteJWKSet } from 'jose';
import * as oauth from 'oauth4webapi';

export type IssuerMetadata = oauth.AuthorizationServer;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopback(url: URL): boolean {
  return LOOPBACK.has(url.hostname);
}

/** Why a URL of an authorization server may not be used, or undefined: HTTPS, or plain HTTP on loopback only. */
export function insecureUrlProblem(url: URL): string | undefined {
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url)) return undefined;
  return 'must use https (plain http only on 127.0.0.1, ::1 or localhost)';
}

export interface Issuer {
  metadata: IssuerMetadata;
  /** The JWKS, fetched when first needed and again when a token names an unknown key. */
  keys: ReturnType<typeof createRemoteJWKSet>;
}

/** The authorization server could not be reached or did not describe itself properly. */
export class IssuerUnavailable extends Error {
  override name = 'IssuerUnavailable';
}

async function discover(issuer: URL, algorithm: 'oidc' | 'oauth2', signal: AbortSignal): Promise<IssuerMetadata> {
  const response = await oauth.discoveryRequest(issuer, {
    algorithm,
    signal,
    ...(issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {}),
  });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** Reads the issuer's metadata (OpenID Connect discovery first, then RFC 8414) and prepares its key set. */
export async function discoverIssuer(issuerUrl: string, timeoutMs = 10_000): Promise<Issuer> {
  const issuer = new URL(issuerUrl);
  const problem = insecureUrlProblem(issuer);
  if (problem) throw new IssuerUnavailable(`the issuer ${issuerUrl} ${problem}`);
  let metadata: IssuerMetadata | undefined;
  const failures: string[] = [];
  for (const algorithm of ['oidc', 'oauth2'] as const) {
    try {
      metadata = await discover(issuer, algorithm, AbortSignal.timeout(timeoutMs));
      break;
    } catch (error) {
      failures.push(`${algorithm}: ${(error as Error).message}`);
    }
  }
  if (!metadata) throw new IssuerUnavailable(`discovery of ${issuerUrl} failed (${failures.join('; ')})`);
  if (!metadata.jwks_uri) throw new IssuerUnavailable(`${issuerUrl} publishes no jwks_uri`);
  const jwksUri = new URL(metadata.jwks_uri);
  const jwksProblem = insecureUrlProblem(jwksUri);
  if (jwksProblem) throw new IssuerUnavailable(`the jwks_uri ${jwksUri.href} ${jwksProblem}`);
  return { metadata, keys: createRemoteJWKSet(jwksUri, { timeoutDuration: timeoutMs }) };
}

/**
 * The issuer, discovered on first use and kept; a failed discovery is not kept, so the next
 * request tries again (at most every `retryMs`), and a server can start before its issuer.
 */
export function lazyIssuer(issuerUrl: string, retryMs = 5_000): () => Promise<Issuer> {
  let found: Promise<Issuer> | undefined;
  let failedAt = 0;
  let failure: unknown;
  return () => {
    if (!found && Date.now() - failedAt < retryMs) return Promise.reject(failure);
    found ??= discoverIssuer(issuerUrl).catch((error: unknown) => {
      found = undefined;
      failedAt = Date.now();
      failure = error;
      throw error;
    });
    return found;
  };
}
