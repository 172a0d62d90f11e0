import { createHash, createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from 'jose';
import { newId } from '../ids';

/** Asked by the token verifier after the signature checks out (`Revocations` is the shared one). */
export interface RevocationChecker {
  isRevoked(user: VerifiedUser): Promise<boolean>;
}

export type Role = 'user' | 'admin';

export interface AuthUser {
  id: string;
  role: Role;
  username: string;
}

/** What a verified access token says beyond the user: which session, and until when. */
export interface VerifiedUser extends AuthUser {
  /** the sign-in (refresh-token family) the token belongs to */
  sessionId: string;
  /** when the token was minted, in milliseconds (compared with a user's revocation time) */
  issuedAtMs: number;
  /** expiry, in milliseconds */
  expiresAtMs: number;
}

/** The session facts identity puts into each access token. */
export interface SessionClaims {
  sessionId: string;
}

const ALG = 'EdDSA';
/** verified tokens kept per process (a few hundred bytes each) */
const VERIFIED_CACHE_MAX = 20_000;

export interface AuthKeys {
  publicKeyPem: string;
  privateKeyPem?: string;
}

export async function generateAuthKeys(): Promise<Required<AuthKeys>> {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
  return { publicKeyPem: await exportSPKI(publicKey), privateKeyPem: await exportPKCS8(privateKey) };
}

/**
 * Keys for the embedded mode and local runs: made once and kept under DATA_DIR so tokens
 * survive a restart. In a cluster they come from JWT_PUBLIC_KEY / JWT_PRIVATE_KEY.
 */
export async function loadOrCreateAuthKeys(dataDir: string): Promise<Required<AuthKeys>> {
  const dir = join(dataDir, 'keys');
  const pub = join(dir, 'jwt-public.pem');
  const priv = join(dir, 'jwt-private.pem');
  if (existsSync(pub) && existsSync(priv)) {
    return { publicKeyPem: readFileSync(pub, 'utf8'), privateKeyPem: readFileSync(priv, 'utf8') };
  }
  const keys = await generateAuthKeys();
  mkdirSync(dir, { recursive: true });
  writeFileSync(priv, keys.privateKeyPem, { mode: 0o600 });
  writeFileSync(pub, keys.publicKeyPem);
  return keys;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
  constructor(readonly reason: 'expired' | 'invalid' | 'revoked') {
    super(reason === 'expired' ? 'Token expired' : reason === 'revoked' ? 'Session ended' : 'Invalid token');
  }
}

/** The revocation list could not be read: the caller is neither accepted nor told to sign in again. */
export class RevocationUnavailableError extends Error {
  override name = 'RevocationUnavailableError';
}

/** Longest accepted lifetime of an access token (iat to exp, and iat to now), in seconds. */
export const DEFAULT_MAX_TOKEN_AGE_SECONDS = 48 * 3600;

/**
 * Every service verifies access tokens itself with the public key, then asks the revocation
 * list (shared through the cache) whether the token's user or session was revoked since it
 * was minted: a role change, closure, logout or password change takes effect on the next
 * request everywhere, not when the token expires.
 */
export class TokenVerifier {
  private constructor(
    /** key id → key; the first is the one for tokens that name none (minted before key ids) */
    private readonly keys: Map<string, CryptoKey>,
    private readonly issuer: string,
    private readonly maxAgeSeconds: number,
    private readonly revocations: RevocationChecker | null,
  ) {}

  /**
   * `publicKeyPem` may hold several PEM public keys one after the other: during a key
   * rotation the new one and the old one, so tokens signed by either verify until the old
   * ones have expired (docs/operating.md, *Secrets rotation*). A token names its key (`kid`).
   */
  static async create(
    publicKeyPem: string,
    issuer: string,
    opts: { maxAgeSeconds?: number; revocations?: RevocationChecker | null } = {},
  ) {
    const keys = await importPublicKeys(publicKeyPem);
    return new TokenVerifier(
      keys,
      issuer,
      opts.maxAgeSeconds ?? DEFAULT_MAX_TOKEN_AGE_SECONDS,
      opts.revocations ?? null,
    );
  }

  /** The same keys and rules, another revocation list (tests, tools). */
  withRevocations(revocations: RevocationChecker | null): TokenVerifier {
    return new TokenVerifier(this.keys, this.issuer, this.maxAgeSeconds, revocations);
  }

  private get keyFor() {
    return keyResolver(this.keys);
  }

  /**
   * Tokens whose signature and claims were checked, kept until they expire: a signature
   * never changes, and checking it (WebCrypto, asynchronous) was half the cost of a
   * token-checked request at the gateway. The revocation check below still runs every time.
   */
  private readonly verified = new Map<string, VerifiedUser>();

  async verify(token: string): Promise<VerifiedUser> {
    const user = await this.verifiedOnce(token);
    if (this.revocations && (await this.revocations.isRevoked(user))) throw new InvalidTokenError('revoked');
    return user;
  }

  private async verifiedOnce(token: string): Promise<VerifiedUser> {
    const now = Date.now();
    const known = this.verified.get(token);
    if (known && now < known.expiresAtMs && now - known.issuedAtMs <= this.maxAgeSeconds * 1000) return known;
    if (known) this.verified.delete(token);
    const user = await this.verifySignature(token);
    // bounded: past the cap the oldest entries go first (a Map iterates in insertion order)
    if (this.verified.size >= VERIFIED_CACHE_MAX) {
      for (const key of this.verified.keys()) {
        this.verified.delete(key);
        if (this.verified.size < VERIFIED_CACHE_MAX * 0.9) break;
      }
    }
    this.verified.set(token, user);
    return user;
  }

  private async verifySignature(token: string): Promise<VerifiedUser> {
    try {
      const { payload } = await jwtVerify(token, this.keyFor, {
        issuer: this.issuer,
        audience: 'access',
        algorithms: [ALG],
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        maxTokenAge: this.maxAgeSeconds,
      });
      const { role, sub, jti, sid, iat, exp } = payload;
      if (
        typeof sub !== 'string' ||
        !sub ||
        typeof jti !== 'string' ||
        !jti ||
        typeof sid !== 'string' ||
        !sid ||
        typeof iat !== 'number' ||
        typeof exp !== 'number' ||
        exp - iat > this.maxAgeSeconds ||
        (role !== 'user' && role !== 'admin')
      )
        throw new InvalidTokenError('invalid');
      // the minting time to the millisecond (iat has seconds only), kept within iat's second
      const ms =
        typeof payload.iatms === 'number' && Math.floor(payload.iatms / 1000) === iat
          ? payload.iatms
          : iat * 1000;
      return {
        id: sub,
        role,
        username: String(payload.username ?? ''),
        sessionId: sid,
        issuedAtMs: ms,
        expiresAtMs: exp * 1000,
      };
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new InvalidTokenError('expired');
      throw new InvalidTokenError('invalid');
    }
  }
}

/** every PEM public key in `pem` (one, or during a rotation several), by key id */
export async function importPublicKeys(pem: string): Promise<Map<string, CryptoKey>> {
  const pems = pem.replace(/\\n/g, '\n').match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g);
  if (!pems) throw new Error('JWT_PUBLIC_KEY holds no PEM public key');
  const keys = new Map<string, CryptoKey>();
  for (const one of pems) keys.set(keyId(one), await importSPKI(one, ALG));
  return keys;
}

/** jwtVerify's key lookup: the token's `kid`, or the first key for a token that names none */
export function keyResolver(keys: Map<string, CryptoKey>) {
  return (header: { kid?: string }): CryptoKey => {
    const key = header.kid === undefined ? keys.values().next().value : keys.get(header.kid);
    if (!key) throw new InvalidTokenError('invalid');
    return key;
  };
}

/**
 * A key's id: the first 16 characters of the base64url SHA-256 of its public key (DER), the
 * same whether computed from the private key (the signer) or the public one (verifiers).
 */
export function keyId(pem: string): string {
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64url').slice(0, 16);
}

/** Only identity holds the private key and mints tokens. */
export class TokenSigner {
  private constructor(
    private readonly key: CryptoKey,
    private readonly kid: string,
    private readonly issuer: string,
    private readonly accessTtlSeconds: number,
  ) {}

  static async create(privateKeyPem: string, issuer: string, accessTtlSeconds = 900) {
    const pem = privateKeyPem.replace(/\\n/g, '\n');
    return new TokenSigner(await importPKCS8(pem, ALG), keyId(pem), issuer, accessTtlSeconds);
  }

  /**
   * `now` is in seconds (tests pass an old one to make an expired token); the session id
   * defaults to a fresh one for tokens minted outside a sign-in (tests, tools).
   */
  async signAccess(
    user: AuthUser,
    now = Math.floor(Date.now() / 1000),
    session: SessionClaims = { sessionId: newId() },
  ): Promise<string> {
    const nowMs = Date.now();
    const iatms = Math.floor(nowMs / 1000) === now ? nowMs : now * 1000;
    return new SignJWT({ role: user.role, username: user.username, sid: session.sessionId, iatms })
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: this.kid })
      .setSubject(user.id)
      .setIssuer(this.issuer)
      .setAudience('access')
      .setJti(newId())
      .setIssuedAt(now)
      .setExpirationTime(now + this.accessTtlSeconds)
      .sign(this.key);
  }
}
