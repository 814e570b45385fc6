/**
 * A real OpenID Provider for the tests (oidc-provider 9), on loopback (or HTTPS with a test CA):
 * client credentials, resource indicators with JWT (or opaque) access tokens, introspection,
 * and an RFC 8693 token-exchange grant registered for the test. Users get their access tokens
 * through one more test grant, so no browser is needed; every token is minted by the provider's
 * own machinery and signed with its keys.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, createLocalJWKSet, type JWK } from 'jose';
import Provider, { errors, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import { Agent, fetch } from 'undici';

/** The API's resource indicator: the audience of upstream tokens. */
export const API_RESOURCE = 'https://api.finance.test';
export const SERVER_CLIENT = { clientId: 'finance-mcp', clientSecret: 'finance-mcp-secret-7f3a9c' };
export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const USER_LOGIN = 'urn:pfm:test:user-login';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
const USER_CLIENT = { client_id: 'mcp-client', client_secret: 'mcp-client-secret-1b2c' };
/** A machine client (client credentials, tokens without `sub`) whose id is also a user's subject. */
export const LOOKALIKE_CLIENT = { client_id: 'grace', client_secret: 'grace-bot-secret-4e1d' };

export interface UserTokenOptions {
  /** The audience: the MCP server's public URL, or API_RESOURCE. */
  resource: string;
  scope: string;
  /** Seconds the token lives (default 300). */
  ttl?: number;
  /** An opaque (introspectable) token instead of a JWT. */
  opaque?: boolean;
}

export interface TestIdentityProvider {
  issuer: string;
  /** A user's access token, as an MCP client would obtain it after login. */
  userToken(sub: string, options: UserTokenOptions): Promise<string>;
  /** A client-credentials token (no `sub`) of LOOKALIKE_CLIENT for `resource`. */
  lookalikeToken(options: Pick<UserTokenOptions, 'resource' | 'scope'>): Promise<string>;
  /** Grants the provider completed, in order (grant_type and, for exchanges, the subject). */
  grants: Array<{ grantType: string; sub?: string }>;
  /** Lifetime in seconds of the API tokens it issues from now on. */
  apiTokenTtl: number;
  close(): Promise<void>;
}

export interface IdentityProviderOptions {
  /** Serve over HTTPS with this key and certificate (issuer https://localhost:port). */
  tls?: { key: string; cert: string };
}

export async function startIdentityProvider(options: IdentityProviderOptions = {}): Promise<TestIdentityProvider> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: 'test-es256', alg: 'ES256', use: 'sig' };
  const { d: _private, ...publicKey } = signingKey;
  const localKeys = createLocalJWKSet({ keys: [publicKey] });

  // The port is known only once listening; the issuer is set before the provider is built.
  const server: Server = options.tls ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }) : createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = options.tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;

  const idp: TestIdentityProvider = {
    issuer,
    grants: [],
    apiTokenTtl: 300,
    userToken: async () => '',
    lookalikeToken: async () => '',
    close: async () => undefined,
  };

  /** Per token request: the lifetime and format a user login asked for. */
  const requested = new WeakMap<object, { ttl: number; opaque: boolean }>();

  const resourceServerInfo = (ctx: KoaContextWithOIDC, resource: string): ResourceServer => {
    const jwt = { sign: { alg: 'ES256' as const } };
    if (resource === API_RESOURCE) {
      return { scope: 'api', audience: API_RESOURCE, accessTokenTTL: idp.apiTokenTtl, accessTokenFormat: 'jwt', jwt };
    }
    if (/^https?:\/\/[^/]+\/mcp$/.test(resource)) {
      const wish = requested.get(ctx.req) ?? { ttl: 300, opaque: false };
      return wish.opaque
        ? { scope: 'read modify', audience: resource, accessTokenTTL: wish.ttl, accessTokenFormat: 'opaque' }
        : { scope: 'read modify', audience: resource, accessTokenTTL: wish.ttl, accessTokenFormat: 'jwt', jwt };
    }
    throw new errors.InvalidTarget(`unknown resource ${resource}`);
  };

  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    ttl: {
      Grant: 3600,
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? 300,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? 300,
    },
    clients: [
      {
        client_id: SERVER_CLIENT.clientId,
        client_secret: SERVER_CLIENT.clientSecret,
        grant_types: ['client_credentials', TOKEN_EXCHANGE],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      {
        ...LOOKALIKE_CLIENT,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      {
        ...USER_CLIENT,
        grant_types: [USER_LOGIN],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: ['openid', 'read', 'modify', 'api'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => API_RESOURCE,
        getResourceServerInfo: async (ctx, resource) => resourceServerInfo(ctx, resource),
      },
    },
  });
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const grantType = String(ctx.oidc.params?.grant_type);
    const sub = (ctx.oidc.entities as { AccessToken?: { accountId?: string } }).AccessToken?.accountId;
    idp.grants.push({ grantType, ...(sub ? { sub } : {}) });
  });

  async function issue(ctx: KoaContextWithOIDC, sub: string, resource: string, scope: string): Promise<void> {
    const info = resourceServerInfo(ctx, resource);
    const granted = scope.split(' ').filter((name) => info.scope.split(' ').includes(name));
    const client = ctx.oidc.client!;
    const grant = new provider.Grant({ accountId: sub, clientId: client.clientId });
    grant.addResourceScope(resource, granted.join(' '));
    const token = new provider.AccessToken({
      accountId: sub,
      client,
      grantId: await grant.save(),
      scope: granted.join(' '),
      gty: String(ctx.oidc.params!.grant_type),
    });
    token.resourceServer = new provider.ResourceServer(resource, info);
    ctx.oidc.entity('AccessToken', token);
    const value = await token.save();
    ctx.body = {
      access_token: value,
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: token.expiration,
      scope: token.scope,
    };
  }

  // How a user's MCP client gets its token in these tests: the login is taken as done.
  provider.registerGrantType(
    USER_LOGIN,
    async (ctx: KoaContextWithOIDC) => {
      const params = ctx.oidc.params as Record<string, string>;
      requested.set(ctx.req, { ttl: Number(params.ttl ?? 300), opaque: params.opaque === 'true' });
      await issue(ctx, params.sub!, params.resource!, params.scope ?? '');
    },
    ['sub', 'resource', 'scope', 'ttl', 'opaque'],
  );

  // RFC 8693: a token of this provider (the caller's, for the MCP server) for one meant for the API.
  provider.registerGrantType(
    TOKEN_EXCHANGE,
    async (ctx: KoaContextWithOIDC) => {
      const params = ctx.oidc.params as Record<string, string>;
      if (params.subject_token_type !== ACCESS_TOKEN_TYPE) throw new errors.InvalidRequest('unsupported subject_token_type');
      let sub: string;
      try {
        const { payload } = await jwtVerify(params.subject_token!, localKeys, { issuer });
        sub = String(payload.sub);
      } catch {
        throw new errors.InvalidGrant('subject_token is not valid');
      }
      await issue(ctx, sub, params.resource ?? API_RESOURCE, params.scope ?? 'api');
    },
    ['subject_token', 'subject_token_type', 'requested_token_type', 'resource', 'scope', 'audience'],
  );

  server.on('request', provider.callback());

  // The test process trusts the test CA only for its own requests.
  const dispatcher = options.tls ? new Agent({ connect: { ca: options.tls.cert } }) : undefined;
  async function tokenFor(client: { client_id: string; client_secret: string }, body: URLSearchParams): Promise<string> {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
      },
      body,
      dispatcher,
    });
    const answer = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
    if (!answer.access_token) throw new Error(`token request failed: ${answer.error} ${answer.error_description}`);
    return answer.access_token;
  }
  idp.userToken = (sub, wish) =>
    tokenFor(
      USER_CLIENT,
      new URLSearchParams({
        grant_type: USER_LOGIN,
        sub,
        resource: wish.resource,
        scope: wish.scope,
        ttl: String(wish.ttl ?? 300),
        opaque: String(wish.opaque ?? false),
      }),
    );
  idp.lookalikeToken = (wish) =>
    tokenFor(
      LOOKALIKE_CLIENT,
      new URLSearchParams({ grant_type: 'client_credentials', resource: wish.resource, scope: wish.scope }),
    );
  idp.close = async () => {
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return idp;
}
