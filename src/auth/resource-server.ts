/**
 * /mcp as an OAuth 2.1 resource server, from the SDK's own pieces: Protected Resource Metadata
 * (RFC 9728), Bearer verification and its challenges (scopes in scopes.ts).
 */
import {
  bearerAuthChallengeResponse,
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  oauthMetadataResponse,
  verifyBearerToken,
  type AuthInfo,
  type AuthMetadataOptions,
} from '@modelcontextprotocol/server';
import type { ClientCredentials } from '../oauth/client.js';
import { isLoopback, lazyIssuer } from '../oauth/issuer.js';
import { MODIFY_SCOPE, READ_SCOPE, SCOPES_SUPPORTED } from './scopes.js';
import { createTokenVerifier, VerificationUnavailable } from './token-verifier.js';

export interface ResourceServerOptions {
  issuerUrl: string;
  /** This server's canonical URL, e.g. https://finance-mcp.example.com/mcp. */
  publicUrl: string;
  /** Client credentials for RFC 7662 introspection of opaque tokens. */
  introspection?: ClientCredentials;
  /** Where to say why the authorization server could not be used (never why a token failed). */
  log: (message: string) => void;
}

export interface ResourceServer {
  resourceMetadataUrl: string;
  /** The answer to a /.well-known/oauth-* request, or undefined for any other path. */
  metadataResponse(request: Request): Promise<Response | undefined>;
  /** The verified caller, or the 401/403/503 answer to send instead. */
  authenticate(authorization: string | undefined): Promise<AuthInfo | Response>;
  /** 403 asking the client to step up to `read modify`, for a write attempted without `modify`. */
  insufficientScope(): Response;
  /** Whether the issuer's metadata and keys can be had. */
  ready(): Promise<boolean>;
}

const SAME_FOR_EVERY_FAILURE = 'The access token is not valid for this server';

export function createResourceServer(options: ResourceServerOptions): ResourceServer {
  const issuer = lazyIssuer(options.issuerUrl);
  const resourceUrl = new URL(options.publicUrl);
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resourceUrl);
  const verifier = createTokenVerifier({
    issuer,
    audience: options.publicUrl,
    introspection: options.introspection,
    resourceMetadataUrl,
  });
  const metadataPaths = new Set([new URL(resourceMetadataUrl).pathname, '/.well-known/oauth-protected-resource']);

  const metadataOptions = async (): Promise<AuthMetadataOptions> => ({
    oauthMetadata: (await issuer()).metadata as AuthMetadataOptions['oauthMetadata'],
    resourceServerUrl: resourceUrl,
    scopesSupported: SCOPES_SUPPORTED,
    resourceName: 'project-finance-mcp',
    dangerouslyAllowInsecureIssuerUrl: isLoopback(new URL(options.issuerUrl)),
  });

  const unavailable = (reason: string) => {
    options.log(`auth: ${reason}`);
    return Response.json(
      { error: 'temporarily_unavailable', error_description: 'The authorization server cannot be reached; try again shortly.' },
      { status: 503, headers: { 'retry-after': '5' } },
    );
  };

  return {
    resourceMetadataUrl,

    async metadataResponse(request) {
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith('/.well-known/oauth-')) return undefined;
      let metadata: AuthMetadataOptions;
      try {
        metadata = await metadataOptions();
      } catch (error) {
        return unavailable((error as Error).message);
      }
      // The path-aware form (/.well-known/oauth-protected-resource/mcp) and the root form describe the same resource.
      if (metadataPaths.has(pathname) && request.method === 'GET') {
        return Response.json(
          { ...buildOAuthProtectedResourceMetadata(metadata), bearer_methods_supported: ['header'] },
          { headers: { 'access-control-allow-origin': '*', 'cache-control': 'max-age=300' } },
        );
      }
      return oauthMetadataResponse(request, metadata);
    },

    async authenticate(authorization) {
      if (!authorization) {
        // No token sent: a bare challenge, no error code (RFC 6750 §3.1).
        return Response.json(
          { error: 'invalid_request', error_description: 'This server needs an OAuth access token.' },
          { status: 401, headers: { 'www-authenticate': `Bearer resource_metadata="${resourceMetadataUrl}"` } },
        );
      }
      try {
        return await verifyBearerToken(authorization, {
          verifier,
          resourceMetadataUrl,
          expectedResource: resourceUrl,
          requiredScopes: [READ_SCOPE],
        });
      } catch (error) {
        if (error instanceof VerificationUnavailable) return unavailable(error.message);
        if (error instanceof OAuthError && error.code === OAuthErrorCode.InsufficientScope) {
          return bearerAuthChallengeResponse(error, { resourceMetadataUrl, requiredScopes: [READ_SCOPE] });
        }
        // Whatever check failed, the answer is the same.
        return bearerAuthChallengeResponse(new OAuthError(OAuthErrorCode.InvalidToken, SAME_FOR_EVERY_FAILURE), {
          resourceMetadataUrl,
        });
      }
    },

    insufficientScope() {
      return bearerAuthChallengeResponse(
        new OAuthError(OAuthErrorCode.InsufficientScope, 'This tool changes data and needs the modify scope'),
        { resourceMetadataUrl, requiredScopes: [READ_SCOPE, MODIFY_SCOPE] },
      );
    },

    async ready() {
      try {
        const { keys } = await issuer();
        if (!keys.jwks()) await keys.reload();
        return true;
      } catch {
        return false;
      }
    },
  };
}
