import { newId, type RunningService } from '@bet/kit';
import { eventually, inject, type TestInfrastructure } from '@bet/kit/testing';
import { type EventData, UserRegistered, UserUpdated } from '@bet/proto-events';

/** What a player needs of a stack: the bus to announce them and the wallet to fund them. */
interface WithWallet {
  infra: TestInfrastructure;
  wallet: RunningService<any>;
  admin: { authorization: string };
}

/** A registered player (as identity would announce) with `dollars` in the real wallet. */
export async function player(s: WithWallet, dollars: number) {
  const id = newId();
  const username = `p${id.slice(-8)}`;
  const data: EventData<typeof UserRegistered> = {
    userId: id,
    username,
    email: `${username}@example.com`,
    firstName: 'Test',
    lastName: 'Player',
    role: 'user',
    createdAt: new Date().toISOString(),
  };
  await s.infra.bus.publish({
    id: newId(),
    subject: UserRegistered.subject,
    version: 1,
    occurredAt: data.createdAt,
    data,
  });
  const auth = { authorization: `Bearer ${await s.infra.token({ id, username })}` };
  await eventually(async () => (await inject(s.wallet, 'GET', '/api/v1/wallet', auth)).status === 200);
  if (dollars > 0) {
    const res = await inject(s.wallet, 'PATCH', `/api/v1/admin/users/${id}/wallet`, s.admin, {
      amount: dollars,
      description: 'test funds',
    });
    if (res.status !== 200) throw new Error(`funding failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { id, username, auth };
}

/** The player's wallet balance in dollars. */
export async function balance(s: WithWallet, auth: Record<string, string>): Promise<number> {
  return (await inject(s.wallet, 'GET', '/api/v1/wallet', auth)).body.walletBalance;
}

/** Identity announces new weekly limits; betting (which keeps the shared usage) applies them. */
export async function setLimits(
  s: { infra: TestInfrastructure; betting: RunningService<any> },
  p: { id: string; username: string },
  bets: number,
  stake: number,
) {
  const data: EventData<typeof UserUpdated> = {
    userId: p.id,
    username: p.username,
    email: `${p.username}@example.com`,
    firstName: 'Test',
    lastName: 'Player',
    state: null,
    profilePicture: null,
    limits: { weeklyBetCount: { limit: bets }, weeklyStakeAmount: { limit: stake } },
  };
  await s.infra.bus.publish({
    id: newId(),
    subject: UserUpdated.subject,
    version: 1,
    occurredAt: new Date().toISOString(),
    data,
  });
  await eventually(async () => {
    const row: any = await s.betting.ctx.db
      .selectFrom('users' as any)
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirst();
    return row?.bet_count_limit === bets;
  }, 15_000);
}
