/**
 * OAuth 2.0 access tokens for API calls, from openid-client: this server's own token by client
 * credentials, or one per caller by RFC 8693 token exchange of the caller's token. Tokens are
 * kept until shortly before they expire; however many calls wait, one token request is in
 * flight per token; a 401 from the API drops the token so the next request gets a fresh one.
 * Loaded only when OAuth is configured.
 */
import * as client from 'openid-client';
import { clientConfiguration, type ClientCredentials } from '../oauth/client.js';
import { lazyIssuer } from '../oauth/issuer.js';
import { CredentialsUnavailable, type AuthProvider } from './auth.js';

export interface UpstreamTokenOptions {
  issuer: string;
  credentials: ClientCredentials;
  /** RFC 8707 resource indicator: the API's audience. */
  resource?: string;
  scope?: string;
  now?: () => number;
}

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** Renew at most 30 s early, and never more than a quarter of the lifetime early (short-lived tokens stay usable). */
function renewAt(issuedAt: number, expiresIn: number | undefined): number {
  if (expiresIn === undefined) return issuedAt + 5 * 60_000;
  const lifetime = expiresIn * 1000;
  return issuedAt + lifetime - Math.min(30_000, lifetime / 4);
}

/** One cached token and the single request that renews it. */
class TokenSlot {
  #value: string | undefined;
  #renewAt = 0;
  #pending: Promise<string> | undefined;

  constructor(
    private readonly request: () => Promise<client.TokenEndpointResponse>,
    private readonly now: () => number,
  ) {}

  get(): Promise<string> {
    if (this.#value && this.now() < this.#renewAt) return Promise.resolve(this.#value);
    this.#pending ??= this.#fetch().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  /** Whether the slot holds nothing worth keeping. */
  get stale(): boolean {
    return !this.#pending && (!this.#value || this.now() >= this.#renewAt);
  }

  drop(): void {
    this.#value = undefined;
  }

  async #fetch(): Promise<string> {
    const issuedAt = this.now();
    let response: client.TokenEndpointResponse;
    try {
      response = await this.request();
    } catch (error) {
      // The message of a failed grant is the server's error code and description, never our secret.
      throw new CredentialsUnavailable(`the authorization server refused an API token (${(error as Error).message})`, {
        cause: error,
      });
    }
    this.#value = response.access_token;
    this.#renewAt = renewAt(issuedAt, response.expires_in);
    return this.#value;
  }
}

function bearer(slot: TokenSlot): AuthProvider {
  return {
    headers: async () => ({ authorization: `Bearer ${await slot.get()}` }),
    refresh: () => slot.drop(),
  };
}

function tokenParameters(options: UpstreamTokenOptions): Record<string, string> {
  return {
    ...(options.resource ? { resource: options.resource } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
  };
}

function configurationSource(options: UpstreamTokenOptions): () => Promise<client.Configuration> {
  const issuer = lazyIssuer(options.issuer);
  let configuration: client.Configuration | undefined;
  return async () => (configuration ??= clientConfiguration((await issuer()).metadata, options.credentials));
}

/** This server's own API token (client credentials grant). */
export function clientCredentialsAuth(options: UpstreamTokenOptions): AuthProvider {
  const configuration = configurationSource(options);
  const slot = new TokenSlot(
    async () => client.clientCredentialsGrant(await configuration(), tokenParameters(options)),
    options.now ?? Date.now,
  );
  return bearer(slot);
}

export interface TokenExchange {
  /** The API credentials of one caller: its token exchanged for one meant for the API. */
  forCaller(caller: { id: string; token: string }): AuthProvider;
}

/** At most this many callers' tokens are kept; stale ones go first. */
const MAX_CALLERS = 10_000;

/**
 * RFC 8693: each caller's validated access token is exchanged for a token whose audience is the
 * API. Cached per caller (issuer and subject) and scope; the caller's own token is never sent to the API,
 * and one caller's API token is never used for another.
 */
export function tokenExchangeAuth(options: UpstreamTokenOptions): TokenExchange {
  const configuration = configurationSource(options);
  const now = options.now ?? Date.now;
  const slots = new Map<string, { slot: TokenSlot; subjectToken: { current: string } }>();

  function evict(): void {
    for (const [key, entry] of slots) if (entry.slot.stale) slots.delete(key);
    while (slots.size >= MAX_CALLERS) slots.delete(slots.keys().next().value as string);
  }

  return {
    forCaller(caller) {
      const key = `${caller.id}\n${options.scope ?? ''}`;
      let entry = slots.get(key);
      if (!entry) {
        if (slots.size >= MAX_CALLERS) evict();
        const subjectToken = { current: caller.token };
        const slot = new TokenSlot(
          async () =>
            client.genericGrantRequest(await configuration(), TOKEN_EXCHANGE, {
              subject_token: subjectToken.current,
              subject_token_type: ACCESS_TOKEN_TYPE,
              requested_token_type: ACCESS_TOKEN_TYPE,
              ...tokenParameters(options),
            }),
          now,
        );
        entry = { slot, subjectToken };
        slots.set(key, entry);
      }
      // A renewal exchanges the caller's latest token, never an older one.
      entry.subjectToken.current = caller.token;
      return bearer(entry.slot);
    },
  };
}
