import { perCurrency } from '@bet/kit/core';
import { WalletBalance } from '@bet/proto-events';
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
import { searchGames, understand } from '../domain/search';
import { localDayLabel } from '../domain/time';
import { fixture, type GameFacts } from '../domain/types';
import { type BetSlip, type ChatInput, type ChatMessage, textOf } from './conversation';
import { now, offsetMinutes } from './data';
import { recordOf } from './player';

/**
 * The built-in analyst's reply to a chat message, without a model: what the player asked
 * (detectIntent), answered from the calendar, the player's record and the rules.
 */
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

export async function builtInReply(
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
          reply: `There is no bet waiting for a yes. Ask me for a suggestion ("Bet ${perCurrency({ USD: '$10', NGN: '₦1,000' })} on Arsenal", "best bet today") and I'll put it on your slip.`,
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
