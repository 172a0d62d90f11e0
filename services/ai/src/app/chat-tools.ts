import { WalletBalance } from '@bet/proto-events';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import { insight } from '../domain/analysis';
import { betSlipOf, explainRule } from '../domain/chat';
import { searchGames } from '../domain/search';
import { fixture, type GameFacts, type Outcome, outcomeLabel } from '../domain/types';
import type { Tool } from '../providers/model';
import type { BetSlip, ChatInput } from './conversation';
import { findGame, now, offsetMinutes } from './data';
import { recordOf } from './player';

/** The tools the model may call: fixed, whatever the conversation or the data says. */
export function chatTools(
  ctx: AppContext,
  games: GameFacts[],
  user: ChatInput['user'],
  proposals: BetSlip[],
): Record<string, Tool> {
  const opts = () => ({ now: now(ctx), offsetMinutes: offsetMinutes(ctx), limit: 15 });
  const brief = (g: GameFacts) => ({
    gameId: g.id,
    fixture: fixture(g),
    league: g.league,
    kickOff: g.matchDate.toISOString(),
    status: g.status,
    scores: g.scores,
    minute: g.elapsedTime,
    odds: g.odds,
  });
  return {
    search_games: {
      definition: {
        type: 'function',
        function: {
          name: 'search_games',
          description:
            'Find games by teams, leagues, countries, dates and status in natural language, e.g. "live games in Nigeria".',
          parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
        },
      },
      schema: Type.Object({ query: Type.String({ minLength: 1, maxLength: 300 }) }),
      run: async (a) => ({ games: searchGames(String(a.query), games, opts()).games.map(brief) }),
    },
    game_analysis: {
      definition: {
        type: 'function',
        function: {
          name: 'game_analysis',
          description:
            'Market probabilities, book margin, ratings model, form, head-to-head and live state of one game.',
          parameters: { type: 'object', properties: { gameId: { type: 'string' } }, required: ['gameId'] },
        },
      },
      schema: Type.Object({ gameId: Type.String({ pattern: '^[0-9a-f]{24}$' }) }),
      run: async (a) => {
        try {
          return insight(await findGame(ctx, String(a.gameId)), games);
        } catch {
          return { error: 'no such game' };
        }
      },
    },
    propose_bet: {
      definition: {
        type: 'function',
        function: {
          name: 'propose_bet',
          description:
            "Put one selection on the player's bet slip for them to confirm (never places a bet). outcome: A = home win, Draw, B = away win.",
          parameters: {
            type: 'object',
            properties: { gameId: { type: 'string' }, outcome: { type: 'string', enum: ['A', 'Draw', 'B'] } },
            required: ['gameId', 'outcome'],
          },
        },
      },
      schema: Type.Object({
        gameId: Type.String({ pattern: '^[0-9a-f]{24}$' }),
        outcome: Type.Union([Type.Literal('A'), Type.Literal('Draw'), Type.Literal('B')]),
      }),
      run: async (a) => {
        let g: GameFacts;
        try {
          g = await findGame(ctx, String(a.gameId));
        } catch {
          return { ok: false, reason: 'no such game' };
        }
        // checked against the real game: open for betting, priced now
        if (g.status !== 'upcoming' && g.status !== 'live')
          return { ok: false, reason: `the game is ${g.status}` };
        const slip = betSlipOf(g, a.outcome as Outcome);
        proposals.push(slip);
        return {
          ok: true,
          proposed: {
            fixture: fixture(g),
            pick: outcomeLabel(g, a.outcome as Outcome),
            odds: slip.oddsAtTimeOfBet,
          },
        };
      },
    },
    my_account: {
      definition: {
        type: 'function',
        function: {
          name: 'my_account',
          description: "The player's balance and betting record.",
          parameters: { type: 'object', properties: {} },
        },
      },
      schema: Type.Object({}),
      run: async () => {
        const balance = await ctx
          .request(WalletBalance, { userId: user.id }, { timeoutMs: 2000 })
          .catch(() => null);
        const { record } = await recordOf(ctx, user.id);
        return { balanceCents: balance?.balanceCents ?? null, record };
      },
    },
    explain_rule: {
      definition: {
        type: 'function',
        function: {
          name: 'explain_rule',
          description:
            'The platform rules on a topic: singles, multis, payouts, cash out, void, limits, deposits, withdrawals, sharing, Aviator, odds.',
          parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
        },
      },
      schema: Type.Object({ topic: Type.String({ minLength: 1, maxLength: 200 }) }),
      run: async (a) => ({ rules: explainRule(String(a.topic)) }),
    },
  };
}
