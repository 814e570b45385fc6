/** Supplies the credential headers of one upstream request. */
export interface AuthProvider {
  /** What the server tells people about where its credentials come from. */
  readonly description: string;
  headers(): Promise<Record<string, string>>;
}

/** The public API's scheme: an account-wide key and token pair in two headers. */
export function apiKeyAuth(key: string, token: string, description = 'API key and token'): AuthProvider {
  const headers = { 'x-api-key': key, 'x-api-token': token };
  return { description, headers: async () => headers };
}
