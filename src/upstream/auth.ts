/** Supplies the credential headers of one upstream request. */
export interface AuthProvider {
  headers(): Promise<Record<string, string>>;
}

/** The public API's scheme: an account-wide key and token pair in two headers. */
export function apiKeyAuth(key: string, token: string): AuthProvider {
  const headers = { 'x-api-key': key, 'x-api-token': token };
  return { headers: async () => headers };
}
