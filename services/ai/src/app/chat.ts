import { WalletBalance } from '@bet/proto-events';
import { Type } from '@sinclair/typebox';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AppContext } from '../context';
import { insight, writeAnalysis } from '../domain/analysis';
import {
  betSlipOf,
  describeBet,
  detectIntent,
  explainRule,
  namedOutcome,
  namedStakeCents,
  proposalIn,
  writeAccount,
  writeConfirmation,
  writeGameList,
  writeHelp,
  writeSmalltalk,
  writeSuggestion,
} from '../domain/chat';
import { InvalidInputError } from '../domain/errors';
import { searchGames, understand } from '../domain/search';
import { addDays, localDayLabel } from '../domain/time';
import { fixture, type GameFacts, type Outcome, outcomeLabel } from '../domain/types';
import { cleanText, dataMessage, type Tool } from '../providers/model';
import { useModel } from './budget';
import { findGame, loadCalendar, now, offsetMinutes, type ProducedBy } from './data';
import { recordOf } from './player';

export interface ChatMessage {
  role: 'user' | 'model';
  parts: Array<{ text: string }>;
}

export interface ChatInput {
  message: string;
  history: ChatMessage[];
  context?: unknown;
  user: { id: string; username: string | null };
}

export type BetSlip = ReturnType<typeof betSlipOf>;

/** the spec's client sends the last 6 messages; anything older is ignored here too */
export const HISTORY_KEPT = 6;

const ChatAnswer = Type.Object({ reply: Type.String({ minLength: 1, maxLength: 6000 }) });

const textOf = (m: ChatMessage) => m.parts.map((p) => p.text).join(' ');

export async function chat(
  ctx: AppContext,
  input: ChatInput,
): Promise<{ reply: string; betSlip?: BetSlip; producedBy: ProducedBy }> {
  const message = input.message.trim();
  if (!message) throw new InvalidInputError('Please enter a message.');
  const history = input.history.slice(-HISTORY_KEPT);
  const games = await loadCalendar(ctx);
  let proposed: BetSlip | undefined;

  const builtIn = async () => {
    const r = await builtInReply(ctx, message, history, games, input.user);
    proposed = r.betSlip;
    return r.reply;
  };

  if (ctx.model) {
    const modelProposals: BetSlip[] = [];
    try {
      const { answer } = await useModel(ctx, (model) =>
        model.converse<{ reply: string }>(
          [
            ...history.map(
              (m): ChatCompletionMessageParam =>
                m.role === 'model'
                  ? { role: 'assistant', content: cleanText(textOf(m), 2000) }
                  : { role: 'user', content: cleanText(textOf(m), 2000) },
            ),
            dataMessage({
              player: { username: input.user.username },
              now: now(ctx).toISOString(),
              // "today" and "tomorrow" are the players' days, not UTC's
              timeZone: ctx.config.AI_TIMEZONE,
              today: localDayLabel(now(ctx), offsetMinutes(ctx)),
              tomorrow: localDayLabel(addDays(now(ctx), 1), offsetMinutes(ctx)),
              clientContext: input.context ?? null,
            }),
            { role: 'user', content: cleanText(message, 2000) },
            {
              role: 'user',
              content:
                'TASK: answer the player\'s last message. Use the tools for any game, odds, account or rule facts. Answer {"reply": string} (plain text, **bold** and "- " lists allowed).',
            },
          ],
          chatTools(ctx, games, input.user, modelProposals),
          ChatAnswer,
        ),
      );
      const bet = modelProposals.at(-1);
      return { reply: answer.reply, ...(bet ? { betSlip: bet } : {}), producedBy: 'model' as const };
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'model chat failed; the built-in analyst answers');
    }
  }
  const reply = await builtIn();
  return { reply, ...(proposed ? { betSlip: proposed } : {}), producedBy: 'built-in' as const };
}

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

/** The game a message (or, failing that, the recent conversation) is about: open games first. */
function gameInConversation(
  message: string,
  history: ChatMessage[],
  games: GameFacts[],
  ctx: AppContext,
): GameFacts | null {
  const opts = { now: now(ctx), offsetMinutes: offsetMinutes(ctx) };
  const texts = [
    message,
    ...history
      .filter((m) => m.role === 'user')
      .map(textOf)
      .reverse(),
    ...history
      .filter((m) => m.role === 'model')
      .map(textOf)
      .reverse(),
  ];
  for (const text of texts) {
    const intent = understand(text, games, opts);
    if (intent.teams.length === 0) continue;
    const has = (g: GameFacts, t: string) => g.homeTeam === t || g.awayTeam === t;
    const involved = games.filter((g) =>
      intent.teams.length >= 2
        ? intent.teams.slice(0, 2).every((t) => has(g, t))
        : intent.teams.some((t) => has(g, t)),
    );
    const open = involved
      .filter((g) => g.status === 'live' || g.status === 'upcoming')
      .sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime());
    if (open[0]) return open[0];
    const past = involved.sort((a, b) => b.matchDate.getTime() - a.matchDate.getTime());
    if (past[0]) return past[0];
  }
  return null;
}

async function builtInReply(
  ctx: AppContext,
  message: string,
  history: ChatMessage[],
  games: GameFacts[],
  user: ChatInput['user'],
): Promise<{ reply: string; betSlip?: BetSlip }> {
  let intent = detectIntent(message);
  const t = now(ctx);
  const off = offsetMinutes(ctx);
  // a message that only names a game or a team ("Arsenal vs Spurs?", "what about Chelsea"): its analysis
  if (intent === 'smalltalk' && gameInConversation(message, [], games, ctx)) intent = 'analyse';
  switch (intent) {
    case 'confirm': {
      // the player says yes to the bet the assistant proposed: it is (again) on the slip, placed there by the player
      const said = [...history].reverse();
      const proposal = said
        .filter((m) => m.role === 'model')
        .map((m) => proposalIn(textOf(m), games))
        .find((p) => p !== null);
      if (!proposal)
        return {
          reply:
            'There is no bet waiting for a yes. Ask me for a suggestion ("Bet $10 on Arsenal", "best bet today") and I\'ll put it on your slip.',
        };
      const { game, outcome } = proposal;
      if (game.status !== 'upcoming' && game.status !== 'live')
        return { reply: `${fixture(game)} is ${game.status}, so that bet can't be placed any more.` };
      const stake = said
        .filter((m) => m.role === 'user')
        .map((m) => namedStakeCents(textOf(m)))
        .find((c) => c !== null);
      return {
        reply: writeConfirmation(game, outcome, namedStakeCents(message) ?? stake ?? null),
        betSlip: betSlipOf(game, outcome),
      };
    }
    case 'help':
      return { reply: writeHelp() };
    case 'rule':
      return { reply: explainRule(message) };
    case 'account': {
      const balance = await ctx
        .request(WalletBalance, { userId: user.id }, { timeoutMs: 2000 })
        .catch(() => null);
      const { record, bets, gamesById } = await recordOf(ctx, user.id);
      const pending = bets.filter((b) => b.status === 'pending').map((b) => describeBet(b, gamesById));
      // "my recent bets": the latest first, settled or not
      const recent = /\b(recent|last|latest|previous|past|history|settled|all)\b/i.test(message)
        ? [...bets]
            .sort((a, b) => b.placedAt.getTime() - a.placedAt.getTime())
            .map((b) => describeBet(b, gamesById))
        : [];
      return { reply: writeAccount(balance?.balanceCents ?? null, record, pending, recent) };
    }
    case 'analyse': {
      const g = gameInConversation(message, history, games, ctx);
      if (!g)
        return {
          reply: `Which game should I look at? Name the teams, e.g. "analyse ${exampleFixture(games, t)}".`,
        };
      return { reply: writeAnalysis(insight(g, games)) };
    }
    case 'suggest': {
      const named = gameInConversation(message, history, games, ctx);
      if (named && (named.status === 'upcoming' || named.status === 'live')) {
        const i = insight(named, games);
        const asked = namedOutcome(
          message,
          named,
          understand(message, games, { now: t, offsetMinutes: off }).teams,
        );
        const value = [...i.edges].sort((a, b) => b.value - a.value)[0];
        const outcome = asked ?? (value && value.value > 0 ? value.outcome : (i.lean?.outcome ?? 'A'));
        const reason = asked ? 'asked' : value && value.value > 0 ? 'value' : 'lean';
        return {
          reply: writeSuggestion(i, outcome, reason, namedStakeCents(message)),
          betSlip: betSlipOf(named, outcome),
        };
      }
      if (named)
        return {
          reply: `${fixture(named)} is ${named.status}, so it can't be bet on any more. Ask me for a game that is still to be played.`,
        };
      // no game named: the best-priced outcome among the games of the next 24 hours
      const soon = games.filter(
        (g) => g.status === 'upcoming' && g.matchDate > t && g.matchDate.getTime() < t.getTime() + 86_400_000,
      );
      const scored = soon
        .map((g) => {
          const i = insight(g, games);
          const best = [...i.edges].sort((a, b) => b.value - a.value)[0];
          return {
            g,
            i,
            outcome: (best && best.value > 0 ? best.outcome : i.lean?.outcome) ?? 'A',
            score: best ? best.value : (i.lean?.probability ?? 0) - 1,
            reason: best && best.value > 0 ? ('value' as const) : ('lean' as const),
          };
        })
        .sort((a, b) => b.score - a.score);
      const top = scored[0];
      if (!top)
        return {
          reply:
            'There are no games open in the next 24 hours to suggest a bet on. Check back when new fixtures are listed.',
        };
      return {
        reply: writeSuggestion(top.i, top.outcome, top.reason, namedStakeCents(message)),
        betSlip: betSlipOf(top.g, top.outcome),
      };
    }
    case 'find': {
      const opts = { now: t, offsetMinutes: off };
      const { games: found, intent: q } = searchGames(message, games, opts);
      // days as the players count them: the range starts at local midnight, the label names that day
      const day = (d: Date) => localDayLabel(d, off);
      const what = [
        q.status?.[0] === 'live' ? 'live games' : q.status?.[0] === 'finished' ? 'results' : 'games',
        q.teams.length ? `for ${q.teams.join(' and ')}` : '',
        q.leagues.length ? `in the ${q.leagues.join(', ')}` : '',
        q.countries.length ? `in ${q.countries.join(', ')}` : '',
        q.range
          ? q.range.to.getTime() - q.range.from.getTime() > 86_400_000
            ? `from ${day(q.range.from)} to ${day(new Date(q.range.to.getTime() - 1))}`
            : `on ${day(q.range.from)}`
          : '',
      ]
        .filter(Boolean)
        .join(' ');
      return {
        reply: writeGameList(found, what, { offsetMinutes: off, label: zoneLabel(ctx.config.AI_TIMEZONE) }),
      };
    }
    default:
      return { reply: writeSmalltalk(user.username) };
  }
}

function exampleFixture(games: GameFacts[], t: Date) {
  const g = games.find((x) => x.status === 'upcoming' && x.matchDate > t);
  return g ? fixture(g) : 'Arsenal vs Chelsea';
}

/** "Africa/Lagos" → "Lagos time": how a kick-off's clock is named in a reply. */
function zoneLabel(timeZone: string) {
  if (/^(utc|gmt|etc\/utc)$/i.test(timeZone)) return 'UTC';
  return `${(timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ')} time`;
}
