import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AuthUser, importPublicKeys, keyId, keyResolver, TokenSigner } from '@bet/kit';
import { decodeJwt, importPKCS8, errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ALG = 'EdDSA';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An unguessable single-use secret (password-reset links). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export class RefreshTokenError extends Error {
  override name = 'RefreshTokenError';
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason);
  }
}

/**
 * Access tokens come from the kit's TokenSigner. Refresh tokens are JWTs too (audience
 * `refresh`, jti = the stored row), signed with the same key: the web client can read their
 * expiry, and a refresh token can never pass as an access token because the audience differs.
 * The database still holds each refresh token's hash, which is what rotation and reuse
 * detection rely on.
 */
export class SessionTokens {
  private constructor(
    private readonly access: TokenSigner,
    private readonly privateKey: CryptoKey,
    private readonly publicKeys: ReturnType<typeof keyResolver>,
    /** the signing key's id, named in every token (a rotation's verifiers pick the key by it) */
    private readonly kid: string,
    private readonly issuer: string,
    readonly accessTtlMs: number,
    readonly refreshTtlMs: number,
  ) {}

  static async create(opts: {
    privateKeyPem: string;
    publicKeyPem: string;
    issuer: string;
    accessTtlMs: number;
    refreshTtlMs: number;
  }) {
    const pem = (s: string) => s.replace(/\\n/g, '\n');
    return new SessionTokens(
      await TokenSigner.create(opts.privateKeyPem, opts.issuer, Math.round(opts.accessTtlMs / 1000)),
      await importPKCS8(pem(opts.privateKeyPem), ALG),
      // all the public keys of a rotation: refresh tokens of the old key keep working
      keyResolver(await importPublicKeys(opts.publicKeyPem)),
      keyId(pem(opts.privateKeyPem)),
      opts.issuer,
      opts.accessTtlMs,
      opts.refreshTtlMs,
    );
  }

  /** Returns the token and its jti (recorded with the refresh token to know the session of a request). */
  async signAccess(user: AuthUser, sessionId: string): Promise<{ token: string; jti: string }> {
    const token = await this.access.signAccess(
      { id: user.id, role: user.role, username: user.username },
      undefined,
      { sessionId },
    );
    return { token, jti: String(decodeJwt(token).jti) };
  }

  async signRefresh(input: { userId: string; jti: string; expiresAt: Date }): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: this.kid })
      .setSubject(input.userId)
      .setIssuer(this.issuer)
      .setAudience('refresh')
      .setJti(input.jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(input.expiresAt.getTime() / 1000))
      .sign(this.privateKey);
  }

  /** Checks signature, issuer, audience and (unless told otherwise) expiry. */
  async verifyRefresh(
    token: string,
    opts: { allowExpired?: boolean } = {},
  ): Promise<{ userId: string; jti: string }> {
    try {
      const { payload } = await jwtVerify(token, this.publicKeys, {
        issuer: this.issuer,
        audience: 'refresh',
        algorithms: [ALG],
        // a logout with an old token should still end the session it names
        ...(opts.allowExpired ? { clockTolerance: 10 * 365 * 86_400 } : {}),
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string')
        throw new RefreshTokenError('invalid');
      return { userId: payload.sub, jti: payload.jti };
    } catch (err) {
      if (err instanceof RefreshTokenError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new RefreshTokenError('expired');
      throw new RefreshTokenError('invalid');
    }
  }
}
