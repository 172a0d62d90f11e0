import { newId, Revocations, TokenSigner } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_EXPIRED_EVENT } from '../src/realtime/sockets';
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

    it('keeps a socket whose access token expires, asks it to refresh, and takes the fresh token on it', async () => {
      // the spec's client: socket.io-client with its default options; it never reconnects
      // after a server-side disconnect, so a dropped socket would go silent for good
      const shortLived = await TokenSigner.create(infra.keys.privateKeyPem, 'bet-platform', 2);
      const u = user();
      const s = ioClient(gw.url, { auth: { token: (await session(u, newId(), shortLived)).token } });
      open.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const seen = record(s);
      const disconnects: string[] = [];
      s.on('disconnect', (reason) => disconnects.push(reason));
      const started = Date.now();
      await eventually(() => seen.of(TOKEN_EXPIRED_EVENT).length === 1, 5_000);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(seen.of(TOKEN_EXPIRED_EVENT)[0]).toEqual({
        code: 'TOKEN_EXPIRED',
        msg: 'Your session token expired: refresh it and send it with "authenticate".',
      });
      expect(s.connected).toBe(true);

      const settled = (betId: string) =>
        publish(infra, 'bets.settled', {
          betId,
          userId: u.id,
          status: 'lost',
          stakeCents: 100,
          payoutCents: 0,
          settledAt: new Date().toISOString(),
        });
      // still live for the public events; the user's own wait for a fresh token
      const marker = newId();
      await settled(newId());
      await publish(infra, 'games.odds_changed', {
        gameId: marker,
        odds: { home: 2, draw: 3, away: 4 },
        live: false,
      });
      await eventually(() => seen.of('oddsUpdate').some((e) => e.gameId === marker));
      expect(seen.of('bet_settled')).toEqual([]);

      // a token that is not good is refused on the socket, which stays as it was
      expect(await s.emitWithAck('authenticate', { token: 'nope' })).toEqual({
        ok: false,
        code: 'INVALID_TOKEN',
        msg: 'Your session token is not valid.',
      });
      // another user's token does not take the socket over
      const other = await session(user());
      expect((await s.emitWithAck('authenticate', { token: other.token })).ok).toBe(false);

      const fresh = await session(u);
      expect(await s.emitWithAck('authenticate', { token: fresh.token })).toEqual({ ok: true });
      const betId = newId();
      await settled(betId);
      await eventually(() => seen.of('bet_settled').some((e) => e.betId === betId));
      expect(disconnects).toEqual([]);
    });
  });
}
