/**
 * Verifying a JWT access token (RFC 9068) with jose: signature by the issuer's keys, issuer,
 * audience, expiry, an asymmetric algorithm, and a `typ` of at+jwt (or plain JWT, which many
 * authorization servers still write).
 */
import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Asymmetric signatures only: no `none`, no shared-secret HMAC. */
export const ACCESS_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const ACCEPTED_TYPES = new Set(['at+jwt', 'application/at+jwt', 'jwt', 'application/jwt']);

/** Any reason a token is refused; deliberately without detail (which check failed is nobody's business). */
export class InvalidAccessToken extends Error {
  override name = 'InvalidAccessToken';
}

/** The issuer's keys could not be fetched: no token can be checked, whatever it is. */
export class KeysUnavailable extends Error {
  override name = 'KeysUnavailable';
}

/** Failures of fetching the key set, as opposed to a token that does not pass. */
const KEY_FETCH_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

export interface AccessTokenChecks {
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
}

/** A token in JWS compact form: three base64url parts (an opaque token is anything else). */
export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

export async function verifyAccessToken(token: string, checks: AccessTokenChecks): Promise<JWTPayload> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, checks.keys, {
      issuer: checks.issuer,
      audience: checks.audience,
      algorithms: ACCESS_TOKEN_ALGORITHMS,
      requiredClaims: ['exp'],
    });
    if (protectedHeader.typ !== undefined && !ACCEPTED_TYPES.has(protectedHeader.typ.toLowerCase())) throw new Error('typ');
    return payload;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code && KEY_FETCH_FAILURES.has(code)) || error instanceof TypeError) {
      throw new KeysUnavailable(`the issuer's keys could not be fetched (${(error as Error).message})`, { cause: error });
    }
    throw new InvalidAccessToken('invalid access token', { cause: error });
  }
}
