import { newId, Revocations, TokenSigner } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, connect, publish, record, startEchoServices, startGateway } from './helpers';

/**
 * Issue 13 items 6 and 12, issue 17 item 3: a revoked token stops working on REST and on
 * sockets within the request, and a socket does not outlive its token.
 */
for (const kind of ['cluster', 'embedded'] as const) {
  describe(`sessions at the edge (${kind})`, () => {
    let infra: TestInfrastructure;
    let echo: Awaited<ReturnType<typeof startEchoServices>>;
    let gw: Awaited<ReturnType<typeof startGateway>>;
    let revocations: Revocations;
    const open: Socket[] = [];

    beforeAll(async () => {
      infra = await testInfrastructure({ kind });
      echo = await startEchoServices(infra, ['wallet']);
      gw = await startGateway(infra, { upstreams: echo.upstreams });
      revocations = new Revocations(infra.cache);
    });
    afterEach(() => {
      for (const s of open.splice(0)) s.close();
    });
    afterAll(async () => {
      await gw?.close();
      await echo?.stop();
      await infra?.close();
    });

    const user = () => ({ id: newId(), role: 'user' as const, username: 'ada' });
    const session = async (u: ReturnType<typeof user>, sessionId = newId(), signer = infra.signer) => ({
      sessionId,
      token: await signer.signAccess(u, undefined, { sessionId }),
    });
    const sessionEnded = (s: Socket) =>
      new Promise<{ payload: unknown; reason: string }>((resolve) => {
        let payload: unknown;
        s.on('session_ended', (p: unknown) => {
          payload = p;
        });
        s.on('disconnect', (reason) => resolve({ payload, reason }));
      });

    it('refuses a revoked token on REST and at the socket handshake', async () => {
      const u = user();
      const a = await session(u);
      expect((await fetch(`${gw.url}/api/v1/wallet`, { headers: bearer(a.token) })).status).toBe(200);
      await revocations.revokeSession(a.sessionId);
      const rest = await fetch(`${gw.url}/api/v1/wallet`, { headers: bearer(a.token) });
      expect(rest.status).toBe(401);
      expect(await rest.json()).toEqual({
        msg: 'Not authorized: this session has ended. Please log in again.',
      });
      const err = await connect(gw.url, { token: a.token }).then(
        (s) => {
          s.close();
          return null;
        },
        (e) => e,
      );
      expect(err?.message).toBe('INVALID_TOKEN');
    });

    it("drops the revoked session's sockets at once, and only those", async () => {
      const u = user();
      const a = await session(u);
      const b = await session(u);
      const sa = await connect(gw.url, { token: a.token });
      const sb = await connect(gw.url, { token: b.token });
      open.push(sa, sb);
      const ended = sessionEnded(sa);
      await revocations.revokeSession(a.sessionId);
      await publish(infra, 'user.sessions_revoked', {
        userId: u.id,
        sessionId: a.sessionId,
        revokedAt: Date.now(),
        reason: 'logout',
      });
      expect(await ended).toEqual({
        payload: { code: 'INVALID_TOKEN', msg: 'Your session has ended.' },
        reason: 'io server disconnect',
      });
      // a later event for the user, as the marker that the revocation has been applied in full
      const seenByB = record(sb);
      await publish(infra, 'bets.settled', {
        betId: newId(),
        userId: u.id,
        status: 'lost',
        stakeCents: 100,
        payoutCents: 0,
        settledAt: new Date().toISOString(),
      });
      await eventually(() => seenByB.of('bet_settled').length === 1 || !sb.connected);
      expect(sb.connected).toBe(true);

      // every socket of the user whose token is older than a user-wide revocation
      const endedB = sessionEnded(sb);
      await publish(infra, 'user.sessions_revoked', {
        userId: u.id,
        sessionId: null,
        revokedAt: Date.now(),
        reason: 'account_closed',
      });
      expect((await endedB).reason).toBe('io server disconnect');
    });

    it('disconnects a socket when its access token expires', async () => {
      // a signer whose tokens live 2 seconds
      const shortLived = await TokenSigner.create(infra.keys.privateKeyPem, 'bet-platform', 2);
      const s = await connect(gw.url, { token: (await session(user(), newId(), shortLived)).token });
      open.push(s);
      const started = Date.now();
      const ended = await sessionEnded(s);
      expect(ended.payload).toEqual({ code: 'INVALID_TOKEN', msg: 'Your session token expired.' });
      expect(ended.reason).toBe('io server disconnect');
      expect(Date.now() - started).toBeLessThan(4_000);
    });
  });
}
