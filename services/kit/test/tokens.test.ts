import { importPKCS8, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { Revocations } from '../src/auth/revocations';
import { generateAuthKeys, InvalidTokenError, keyId, TokenSigner, TokenVerifier } from '../src/auth/tokens';
import { type Cache, MemoryCache } from '../src/cache';
import { isId, newId } from '../src/ids';
import { eventually } from '../src/testing';

const keys = await generateAuthKeys();
const key = await importPKCS8(keys.privateKeyPem, 'EdDSA');
const now = () => Math.floor(Date.now() / 1000);
const user = { id: newId(), role: 'user' as const, username: 'ada' };

/** A hand-made access token: every claim a correct one has, minus or plus what a test says. */
function craft(opts: { omit?: string[]; iat?: number; exp?: number } = {}) {
  const t = now();
  const claims: Record<string, unknown> = { role: 'user', username: 'ada', sid: newId() };
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('bet-platform');
  jwt = jwt.setAudience('access');
  const omit = new Set(opts.omit ?? []);
  if (!omit.has('sub')) jwt = jwt.setSubject(user.id);
  if (!omit.has('jti')) jwt = jwt.setJti(newId());
  if (!omit.has('iat')) jwt = jwt.setIssuedAt(opts.iat ?? t);
  if (!omit.has('exp')) jwt = jwt.setExpirationTime(opts.exp ?? t + 600);
  return jwt.sign(key);
}

describe('the access-token verifier (issue 13, item 17)', () => {
  const verifier = TokenVerifier.create(keys.publicKeyPem, 'bet-platform', { maxAgeSeconds: 3600 });

  it('accepts a complete token', async () => {
    await expect((await verifier).verify(await craft())).resolves.toMatchObject({
      id: user.id,
      role: 'user',
    });
  });

  it.each(['exp', 'iat', 'sub', 'jti'])('refuses a token without %s', async (claim) => {
    await expect((await verifier).verify(await craft({ omit: [claim] }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });

  it('refuses a token that lives longer than the maximum age, or was minted longer ago', async () => {
    const v = await verifier;
    await expect(v.verify(await craft({ exp: now() + 10 * 86_400 }))).rejects.toMatchObject({
      reason: 'invalid',
    });
    await expect(v.verify(await craft({ iat: now() - 7200, exp: now() + 60 }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });
});

describe('verified tokens kept until they expire (issue 14)', () => {
  it('answers a known token from memory, yet still refuses it once expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const v = await TokenVerifier.create(keys.publicKeyPem, 'bet-platform', { maxAgeSeconds: 3600 });
      const token = await craft({ exp: now() + 2 });
      const first = await v.verify(token);
      // the same object: the signature was not checked again
      expect(await v.verify(token)).toBe(first);
      vi.setSystemTime(Date.now() + 3_000);
      await expect(v.verify(token)).rejects.toMatchObject({ reason: 'expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks the revocation list on every request, cached or not', async () => {
    const revocations = new Revocations(new MemoryCache());
    const v = await TokenVerifier.create(keys.publicKeyPem, 'bet-platform', { revocations });
    const signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform');
    const sessionId = newId();
    const token = await signer.signAccess(user, undefined, { sessionId });
    await v.verify(token);
    await revocations.revokeSession(sessionId);
    await expect(v.verify(token)).rejects.toMatchObject({ reason: 'revoked' });
  });
});

describe('the revocation list', () => {
  it('refuses the tokens of a revoked session, and every older token of a revoked user', async () => {
    const cache = new MemoryCache();
    const revocations = new Revocations(cache);
    const verifier = await TokenVerifier.create(keys.publicKeyPem, 'bet-platform', { revocations });
    const signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform');
    const a = await signer.signAccess(user, undefined, { sessionId: newId() });
    const b = await signer.signAccess(user, undefined, { sessionId: newId() });
    await revocations.revokeSession((await verifier.verify(a)).sessionId);
    await expect(verifier.verify(a)).rejects.toMatchObject({ reason: 'revoked' });
    await expect(verifier.verify(b)).resolves.toMatchObject({ id: user.id });

    const revokedAt = Date.now();
    await revocations.revokeUser(user.id, revokedAt);
    await expect(verifier.verify(b)).rejects.toMatchObject({ reason: 'revoked' });
    // a revocation never moves back in time
    await revocations.revokeUser(user.id, Date.now() - 60_000);
    await expect(verifier.verify(b)).rejects.toMatchObject({ reason: 'revoked' });
    // minted after the revocation (once the clock has passed it, to the millisecond): fine
    await eventually(() => Date.now() > revokedAt);
    const c = await signer.signAccess(user, undefined, { sessionId: newId() });
    await expect(verifier.verify(c)).resolves.toMatchObject({ id: user.id });
  });

  it('fails closed, but not as a bad token, when the list cannot be read', async () => {
    const broken = { get: async () => Promise.reject(new Error('down')) } as unknown as Cache;
    const verifier = await TokenVerifier.create(keys.publicKeyPem, 'bet-platform', {
      revocations: new Revocations(broken),
    });
    const signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform');
    await expect(verifier.verify(await signer.signAccess(user))).rejects.toMatchObject({
      name: 'RevocationUnavailableError',
    });
  });
});

describe('ids (issue 13, item 18)', () => {
  it('keep the 24-hex shape and the time prefix, and say nothing about the next id', () => {
    const at = Date.now();
    const ids = Array.from({ length: 2000 }, () => newId(at));
    for (const id of ids) expect(isId(id)).toBe(true);
    const prefix = Math.floor(at / 1000)
      .toString(16)
      .padStart(8, '0');
    expect(new Set(ids.map((id) => id.slice(0, 8)))).toEqual(new Set([prefix]));
    // before: 5 bytes fixed per process and a counter, so the next id was the last one + 1
    expect(new Set(ids.map((id) => id.slice(8, 18))).size).toBe(ids.length);
    const tails = ids.map((id) => BigInt(`0x${id.slice(8)}`));
    const steps = tails.slice(1).filter((t, i) => t - tails[i] === 1n).length;
    expect(steps).toBe(0);
  });
});

// Rotating the signing key without signing everyone out: verifiers hold the new and the old
// public key for a while (JWT_PUBLIC_KEY with both PEMs), each token names its key.
describe('key rotation with overlap', () => {
  it('verifies tokens of the old and the new key while both are configured, then only the new', async () => {
    const [old, next] = [await generateAuthKeys(), await generateAuthKeys()];
    const user = { id: newId(), role: 'user' as const, username: 'ada' };
    const oldToken = await (await TokenSigner.create(old.privateKeyPem, 'bet-platform')).signAccess(user);
    const newToken = await (await TokenSigner.create(next.privateKeyPem, 'bet-platform')).signAccess(user);
    const header = JSON.parse(Buffer.from(newToken.split('.')[0], 'base64url').toString());
    expect(header.kid).toBe(keyId(next.publicKeyPem));
    const both = await TokenVerifier.create(`${next.publicKeyPem}\n${old.publicKeyPem}`, 'bet-platform');
    expect((await both.verify(oldToken)).id).toBe(user.id);
    expect((await both.verify(newToken)).id).toBe(user.id);
    const onlyNew = await TokenVerifier.create(next.publicKeyPem, 'bet-platform');
    expect((await onlyNew.verify(newToken)).id).toBe(user.id);
    await expect(onlyNew.verify(oldToken)).rejects.toThrow();
  });
});
