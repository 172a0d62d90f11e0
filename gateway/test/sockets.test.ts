import { newId } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { exampleIds, IdentityPresence } from '@bet/proto-events';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMINS_ROOM } from '../src/domain/bridge';
import { connect, inRoom, presenceMarker, publish, record, startGateway } from './helpers';

const game = (id: string) => ({
  _id: id,
  homeTeam: 'Enyimba',
  awayTeam: 'Rivers United',
  homeTeamLogo: null,
  awayTeamLogo: null,
  league: 'Nigeria Premier Football League',
  matchDate: new Date().toISOString(),
  status: 'upcoming',
  scores: { home: 0, away: 0 },
  elapsedTime: null,
  odds: { home: 2.1, draw: 3.2, away: 3.6 },
  result: null,
});

for (const kind of ['cluster', 'embedded'] as const) {
  describe(`gateway sockets (${kind})`, () => {
    let infra: TestInfrastructure;
    let gw: Awaited<ReturnType<typeof startGateway>>;
    const presence: Array<{ userId: string; isOnline: boolean }> = [];
    const open: Socket[] = [];
    const player = { id: newId(), role: 'user' as const, username: 'ada' };
    const other = { id: newId(), role: 'user' as const, username: 'bola' };
    const admin = { id: newId(), role: 'admin' as const, username: 'root' };

    beforeAll(async () => {
      infra = await testInfrastructure({ kind });
      // identity's side of presence: record it and publish user.presence as identity would
      await infra.bus.reply(IdentityPresence.subject, async (req: { userId: string; isOnline: boolean }) => {
        presence.push(req);
        await publish(infra, 'user.presence', {
          userId: req.userId,
          isOnline: req.isOnline,
          lastSeen: new Date().toISOString(),
        });
        return { ok: true };
      });
      gw = await startGateway(infra, { upstreams: {} });
    });
    afterEach(() => {
      for (const s of open.splice(0)) s.close();
    });
    afterAll(async () => {
      await gw?.close();
      await infra?.close();
    });

    const as = async (user: { id: string; role: 'user' | 'admin'; username: string } | null) => {
      const socket = await connect(gw.url, user ? { token: await infra.token(user) } : {});
      open.push(socket);
      return socket;
    };

    /**
     * A marker for "nothing else arrived": a bet outcome for `userId`, published after what
     * is checked. The bridge handles events in order, so once the marker is seen anything
     * emitted before it to the same socket would have been seen too.
     */
    const settleMarker = async (userId: string) => {
      const betId = newId();
      await publish(infra, 'bets.settled', {
        betId,
        userId,
        status: 'lost',
        stakeCents: 100,
        payoutCents: 0,
        settledAt: new Date().toISOString(),
      });
      return betId;
    };

    it('refuses a bad, forged-looking or expired token with INVALID_TOKEN', async () => {
      const expired = await infra.signer.signAccess(player, Math.floor(Date.now() / 1000) - 3600);
      for (const auth of [
        { token: 'garbage' },
        { token: `${await infra.token(player)}x` },
        { token: expired },
      ]) {
        const err = (await connect(gw.url, auth).then(
          (s) => {
            s.close();
            return null;
          },
          (e) => e,
        )) as (Error & { data?: { code?: string } }) | null;
        expect(err?.message).toBe('INVALID_TOKEN');
        expect(err?.data).toEqual({ code: 'INVALID_TOKEN' });
      }
      // the token may also come as a query parameter
      const viaQuery = await connect(gw.url, {}, { token: 'garbage' }).catch((e) => e);
      expect(viaQuery.message).toBe('INVALID_TOKEN');
      const ok = await connect(gw.url, {}, { token: await infra.token(player) });
      open.push(ok);
      expect(ok.connected).toBe(true);
    });

    it("joins only the caller's own room", async () => {
      const socket = await as(player);
      const mine = await socket.timeout(2000).emitWithAck('joinUserRoom', player.id);
      expect(mine).toMatchObject({ ok: true });
      const theirs = await socket.timeout(2000).emitWithAck('joinUserRoom', other.id);
      expect(theirs).toEqual({ ok: false, msg: 'You can only join your own room' });
      // without an ack the refusal comes as an event
      const refused = new Promise((r) => socket.once('joinUserRoomError', r));
      socket.emit('joinUserRoom', other.id);
      expect(await refused).toEqual({ msg: 'You can only join your own room' });

      // and it really did not join: the other user's notification does not arrive
      const otherSocket = await as(other);
      const seen = record(socket);
      const seenByOther = record(otherSocket);
      await publish(infra, 'bets.settled', {
        betId: exampleIds.bet,
        userId: other.id,
        status: 'lost',
        stakeCents: 500,
        payoutCents: 0,
        settledAt: new Date().toISOString(),
      });
      await eventually(() => seenByOther.of('bet_settled').length === 1);
      const marker = await settleMarker(player.id);
      await eventually(() => seen.of('bet_settled').length > 0);
      expect(seen.of('bet_settled').map((e) => e.betId)).toEqual([marker]);
    });

    it('sends bet_settled and withdrawal_processed to their owner only', async () => {
      const owner = record(await as(player));
      const bystander = record(await as(other));
      const anonymous = record(await as(null));
      await publish(infra, 'bets.settled', {
        betId: exampleIds.bet,
        userId: player.id,
        status: 'won',
        stakeCents: 1000,
        payoutCents: 2150,
        settledAt: new Date().toISOString(),
      });
      await publish(infra, 'bets.voided', {
        betId: exampleIds.other,
        userId: player.id,
        refundCents: 1000,
        reason: 'Game cancelled',
        voidedAt: new Date().toISOString(),
      });
      await publish(infra, 'wallet.withdrawal_processed', {
        withdrawalId: exampleIds.other,
        userId: player.id,
        amountCents: 5000,
        status: 'rejected',
        adminNotes: 'Card mismatch',
        processedBy: admin.id,
      });
      await eventually(() => owner.of('withdrawal_processed').length === 1);
      expect(owner.of('bet_settled')).toEqual([
        { betId: exampleIds.bet, status: 'won', message: 'Your bet has been settled: won.', payout: 21.5 },
        {
          betId: exampleIds.other,
          status: 'cancelled',
          message: 'Your bet has been cancelled (Game cancelled). Your stake of $10.00 has been refunded.',
          payout: 10,
        },
      ]);
      expect(owner.of('withdrawal_processed')).toEqual([
        {
          withdrawalId: exampleIds.other,
          status: 'rejected',
          message:
            'Your withdrawal of $50.00 was rejected and the amount returned to your wallet. Note: Card mismatch',
        },
      ]);
      // a public event after them, as the marker that everything before it was delivered
      const marker = newId();
      await publish(infra, 'games.odds_changed', {
        gameId: marker,
        odds: { home: 2, draw: 3, away: 4 },
        live: false,
      });
      for (const r of [bystander, anonymous]) {
        await eventually(() => r.of('oddsUpdate').some((e) => e.gameId === marker));
        expect(r.of('bet_settled')).toEqual([]);
        expect(r.of('withdrawal_processed')).toEqual([]);
      }
    });

    it("pushes the wallet's new balance (balance_updated) to its owner only", async () => {
      const owner = record(await as(player));
      const bystander = record(await as(other));
      const anonymous = record(await as(null));
      const posted = (type: string, amountCents: number, balanceAfterCents: number, at: number) => ({
        transactionId: newId(),
        userId: player.id,
        type,
        amountCents,
        balanceAfterCents,
        reference: `${type}:${exampleIds.bet}`,
        description: type,
        createdAt: new Date(at).toISOString(),
      });
      const t = Date.now();
      const debit = posted('bet', -1250, 8750, t);
      const win = posted('win', 2625, 11_375, t + 1);
      await publish(infra, 'wallet.transaction_posted', debit);
      await publish(infra, 'wallet.transaction_posted', win);
      await eventually(() => owner.of('balance_updated').length === 2);
      expect(owner.of('balance_updated')).toEqual([
        {
          balance: 87.5,
          amount: -12.5,
          type: 'bet',
          transactionId: debit.transactionId,
          createdAt: debit.createdAt,
        },
        {
          balance: 113.75,
          amount: 26.25,
          type: 'win',
          transactionId: win.transactionId,
          createdAt: win.createdAt,
        },
      ]);
      // the bystander's own posting reaches the bystander, and only after the owner's: so if
      // the owner's had leaked to them it would be here already
      await publish(infra, 'wallet.transaction_posted', {
        ...posted('topup', 100, 100, t + 2),
        userId: other.id,
      });
      await eventually(() => bystander.of('balance_updated').length === 1);
      expect(bystander.of('balance_updated').map((e) => e.balance)).toEqual([1]);
      expect(anonymous.of('balance_updated')).toEqual([]);
    });

    it('pushes a burst of balances in the order they were posted', async () => {
      const owner = record(await as(player));
      const t = Date.now();
      // more than the bridge handles at once, published before it has caught up
      const balances = Array.from({ length: 150 }, (_, i) => 1_000 + i);
      for (const [i, cents] of balances.entries()) {
        await publish(infra, 'wallet.transaction_posted', {
          transactionId: newId(),
          userId: player.id,
          type: 'topup',
          amountCents: 1,
          balanceAfterCents: cents,
          reference: `topup:${i}`,
          description: 'topup',
          createdAt: new Date(t + i).toISOString(),
        });
      }
      await eventually(() => owner.of('balance_updated').length === balances.length);
      expect(owner.of('balance_updated').map((e) => Math.round(e.balance * 100))).toEqual(balances);
    });

    it('reports presence on first connect and last disconnect; userStatusUpdate reaches admins only', async () => {
      const adminSeen = record(await as(admin));
      const playerSeen = record(await as(other));
      // a user no other test connects, so late reports from earlier tests cannot interfere
      const player = { id: newId(), role: 'user' as const, username: 'dee' };

      const first = await as(player);
      const second = await as(player);
      await eventually(() =>
        adminSeen.of('userStatusUpdate').some((u) => u.userId === player.id && u.isOnline),
      );
      const firstId = first.id;
      first.close();
      await eventually(() => !gw.io.of('/').sockets.has(firstId!));
      await presenceMarker(gw, infra, presence);
      // one tab closed, one still open: still online
      expect(presence.filter((p) => p.userId === player.id)).toEqual([{ userId: player.id, isOnline: true }]);
      second.close();
      await eventually(() => presence.some((p) => p.userId === player.id && !p.isOnline));
      await eventually(() =>
        adminSeen.of('userStatusUpdate').some((u) => u.userId === player.id && !u.isOnline),
      );
      const update = adminSeen.of('userStatusUpdate').find((u) => u.userId === player.id);
      expect(update).toEqual({ userId: player.id, isOnline: true, lastSeen: expect.any(String) });

      const marker = await settleMarker(other.id);
      await eventually(() => playerSeen.of('bet_settled').some((e) => e.betId === marker));
      expect(playerSeen.of('userStatusUpdate')).toEqual([]);
    });

    it('emits nothing for a user none of whose sockets is here (the packet is not even made)', async () => {
      const emitted = async () => {
        const metrics = await (await fetch(`${gw.metricsUrl}/metrics`)).text();
        const line =
          /^socket_events_emitted_total\{service="gateway",event="withdrawal_processed"\} (\d+)/m.exec(
            metrics,
          );
        return Number(line?.[1] ?? 0);
      };
      const owner = record(await as(player));
      const withdrawal = (userId: string) =>
        publish(infra, 'wallet.withdrawal_processed', {
          withdrawalId: newId(),
          userId,
          amountCents: 5000,
          status: 'approved',
          adminNotes: 'Request approved by admin.',
          processedBy: admin.id,
        });
      const before = await emitted();
      await withdrawal(newId());
      const marker = await settleMarker(player.id);
      await eventually(() => owner.of('bet_settled').some((e) => e.betId === marker));
      expect(await emitted()).toBe(before);
      await withdrawal(player.id);
      await eventually(() => owner.of('withdrawal_processed').length === 1);
      expect(await emitted()).toBe(before + 1);
    });

    it('broadcasts game events and aviator ticks to everyone, visitors included', async () => {
      const visitor = record(await as(null));
      const signedIn = record(await as(player));
      const id = newId();
      const created = game(id);
      await publish(infra, 'games.created', { game: created });
      await publish(infra, 'games.odds_changed', {
        gameId: id,
        odds: { home: 1.8, draw: 3.4, away: 4.5 },
        live: true,
      });
      await publish(infra, 'games.odds_changed', {
        gameId: id,
        odds: { home: 1.9, draw: 3.3, away: 4.2 },
        live: false,
      });
      await publish(infra, 'games.settled', {
        gameId: id,
        result: 'A',
        scores: { home: 2, away: 1 },
        settledAt: new Date().toISOString(),
      });
      infra.bus.broadcast('aviator.tick', { multiplier: 1.37 });
      const bet = {
        roundId: newId(),
        betId: newId(),
        username: 'ann',
        panel: 2,
        stakeCents: 500,
        status: 'cashed_out',
        cashedOutAtHundredths: 150,
        payoutCents: 750,
      };
      infra.bus.broadcast('aviator.bet', bet);
      for (const r of [visitor, signedIn]) {
        await eventually(
          () =>
            r.of('gameResultUpdated').length === 1 &&
            r.of('aviator:tick').length === 1 &&
            r.of('aviator:bet').length === 1,
        );
        // the All bets entry as GET /aviator/state lists it
        expect(r.of('aviator:bet')).toEqual([
          {
            roundId: bet.roundId,
            betId: bet.betId,
            username: 'ann',
            panel: 2,
            stake: 5,
            status: 'cashed_out',
            cashedOutAt: 1.5,
            payout: 7.5,
          },
        ]);
        expect(r.of('new_game')).toEqual([created]);
        expect(r.of('liveOddsUpdate')).toEqual([{ gameId: id, odds: { home: 1.8, draw: 3.4, away: 4.5 } }]);
        expect(r.of('oddsUpdate')).toEqual([{ gameId: id, odds: { home: 1.9, draw: 3.3, away: 4.2 } }]);
        expect(r.of('gameResultUpdated')).toEqual([
          { gameId: id, result: 'A', scores: { home: 2, away: 1 } },
        ]);
        expect(r.of('aviator:tick')).toEqual([{ multiplier: 1.37 }]);
      }
      // what operators see of it: events emitted, and the time one Aviator broadcast takes
      const metrics = await (await fetch(`${gw.metricsUrl}/metrics`)).text();
      for (const event of ['new_game', 'gameResultUpdated', 'aviator:tick'])
        expect(metrics).toMatch(
          new RegExp(`^socket_events_emitted_total\\{service="gateway",event="${event}"\\} [1-9]`, 'm'),
        );
      expect(metrics).toMatch(
        /^socket_broadcast_duration_seconds_count\{service="gateway",event="aviator:tick"\} [1-9]/m,
      );
    });

    it('moves a user in and out of the admin room when the role changes, and drops a closed account', async () => {
      const target = { id: newId(), role: 'user' as const, username: 'cy' };
      // someone who never connects here, so no real presence report interferes
      const watched = newId();
      const socket = await as(target);
      const seen = record(socket);
      await publish(infra, 'user.role_changed', { userId: target.id, role: 'admin', changedBy: admin.id });
      // with the Redis adapter the room change lands after a round trip, not with the event
      await eventually(() => inRoom(gw, socket, ADMINS_ROOM));
      await publish(infra, 'user.presence', {
        userId: watched,
        isOnline: true,
        lastSeen: new Date().toISOString(),
      });
      // (its own presence may show up too once it is an admin: only `watched` is counted)
      const aboutWatched = () => seen.of('userStatusUpdate').filter((u) => u.userId === watched);
      await eventually(() => aboutWatched().length === 1);

      await publish(infra, 'user.role_changed', { userId: target.id, role: 'user', changedBy: admin.id });
      await eventually(() => !inRoom(gw, socket, ADMINS_ROOM));
      await publish(infra, 'user.presence', {
        userId: watched,
        isOnline: false,
        lastSeen: new Date().toISOString(),
      });
      const marker = await settleMarker(target.id);
      await eventually(() => seen.of('bet_settled').some((e) => e.betId === marker));
      expect(aboutWatched()).toHaveLength(1);

      const gone = new Promise((r) => socket.once('disconnect', r));
      await publish(infra, 'user.deleted', { userId: target.id, deletedBy: admin.id });
      expect(await gone).toBe('io server disconnect');
    });

    it('does not push notifications that went stale while the bridge was behind, nor malformed ones', async () => {
      const seen = record(await as(player));
      const old = new Date(Date.now() - 10 * 60_000).toISOString();
      await infra.bus.publish({
        id: newId(),
        subject: 'bets.settled',
        version: 1,
        occurredAt: old,
        data: {
          betId: newId(),
          userId: player.id,
          status: 'won',
          stakeCents: 100,
          payoutCents: 200,
          settledAt: old,
        },
      });
      // a payload off the catalogue is skipped without holding up what follows
      await publish(infra, 'bets.voided', { betId: newId(), userId: player.id });
      const fresh = newId();
      await publish(infra, 'bets.settled', {
        betId: fresh,
        userId: player.id,
        status: 'lost',
        stakeCents: 100,
        payoutCents: 0,
        settledAt: new Date().toISOString(),
      });
      // published last, so it is also the marker that the two before it were handled
      await eventually(() => seen.of('bet_settled').some((e) => e.betId === fresh));
      expect(seen.of('bet_settled').map((e) => e.betId)).toEqual([fresh]);
    });
  });
}
