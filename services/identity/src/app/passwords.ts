import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export class PasswordHasher {
  private constructor(private readonly dummyHash: string) {}

  /** The dummy hash lets a sign-in for an unknown email cost the same as one for a real account. */
  static async create(): Promise<PasswordHasher> {
    return new PasswordHasher(await argon2.hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS));
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /**
   * Always runs one argon2 verification, against the dummy hash when there is no real one,
   * so the answer takes the same time whether or not the account (or its password) exists.
   */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    try {
      const ok = await argon2.verify(hash ?? this.dummyHash, password);
      return ok && hash != null;
    } catch {
      return false;
    }
  }

  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, ARGON2_OPTIONS);
    } catch {
      return false;
    }
  }
}
