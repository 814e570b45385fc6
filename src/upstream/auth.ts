/** Supplies the credential headers of one upstream request. */
export interface AuthProvider {
  headers(): Promise<Record<string, string>>;
  /**
   * Called once when the API answered 401 to headers from this provider: drop what may have
   * expired, so the request can be repeated once with fresh credentials. Absent where a
   * repeat would send the same thing.
   */
  refresh?(): void;
}

/** The credentials could not be had (e.g. the authorization server refused a token request). */
export class CredentialsUnavailable extends Error {
  override name = 'CredentialsUnavailable';
}

/** The public API's scheme: an account-wide key and token pair in two headers. */
export function apiKeyAuth(key: string, token: string): AuthProvider {
  const headers = { 'x-api-key': key, 'x-api-token': token };
  return { headers: async () => headers };
}
