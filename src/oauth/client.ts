/** This server as an OAuth client of an authorization server (openid-client): introspection, token requests. */
import * as client from 'openid-client';
import type { IssuerMetadata } from './issuer.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** A client configuration for the issuer; HTTP Basic client authentication, which every server must accept. */
export function clientConfiguration(metadata: IssuerMetadata, credentials: ClientCredentials): client.Configuration {
  const config = new client.Configuration(
    metadata,
    credentials.clientId,
    undefined,
    client.ClientSecretBasic(credentials.clientSecret),
  );
  // Issuers on plain http are allowed only on loopback (checked before discovery).
  if (new URL(metadata.issuer).protocol === 'http:') client.allowInsecureRequests(config);
  return config;
}
