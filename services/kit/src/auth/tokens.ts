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

export type Role = 'user' | 'admin';

export interface AuthUser {
  id: string;
  role: Role;
  username: string;
}

const ALG = 'EdDSA';

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
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Token expired' : 'Invalid token');
  }
}

/** Every service verifies access tokens itself with the public key. */
export class TokenVerifier {
  private constructor(
    private readonly key: CryptoKey,
    private readonly issuer: string,
  ) {}

  static async create(publicKeyPem: string, issuer: string) {
    return new TokenVerifier(await importSPKI(publicKeyPem.replace(/\\n/g, '\n'), ALG), issuer);
  }

  async verify(token: string): Promise<AuthUser> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: this.issuer,
        audience: 'access',
        algorithms: [ALG],
      });
      const role = payload.role;
      if (typeof payload.sub !== 'string' || (role !== 'user' && role !== 'admin'))
        throw new InvalidTokenError('invalid');
      return { id: payload.sub, role, username: String(payload.username ?? '') };
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new InvalidTokenError('expired');
      throw new InvalidTokenError('invalid');
    }
  }
}

/** Only identity holds the private key and mints tokens. */
export class TokenSigner {
  private constructor(
    private readonly key: CryptoKey,
    private readonly issuer: string,
    private readonly accessTtlSeconds: number,
  ) {}

  static async create(privateKeyPem: string, issuer: string, accessTtlSeconds = 900) {
    return new TokenSigner(
      await importPKCS8(privateKeyPem.replace(/\\n/g, '\n'), ALG),
      issuer,
      accessTtlSeconds,
    );
  }

  async signAccess(user: AuthUser, now = Math.floor(Date.now() / 1000)): Promise<string> {
    return new SignJWT({ role: user.role, username: user.username })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(this.issuer)
      .setAudience('access')
      .setJti(newId())
      .setIssuedAt(now)
      .setExpirationTime(now + this.accessTtlSeconds)
      .sign(this.key);
  }
}
