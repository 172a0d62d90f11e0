import { moneyText } from '@bet/kit/core';
import { DEFAULT_MARKET, selectionLabel } from '@bet/proto-events/markets';
import type { GameInsight } from './analysis';
import { odds2, pct } from './odds';
import type { PlayerRecord } from './player';
import { localDateTimeLabel } from './time';
import {
  type BetRecord,
  fixture,
  type GameFacts,
  OUTCOMES,
  type Outcome,
  outcomeLabel,
  priceOf,
} from './types';

export type Intent = 'help' | 'confirm' | 'account' | 'rule' | 'suggest' | 'analyse' | 'find' | 'smalltalk';

const HELP =
  /\b(addict\w*|can'?t stop|cannot stop|problem gambl\w*|gambling problem|lost too much|losing too much|chasing|self[- ]?exclu\w*|responsible gambling|debt|quit gambling|stop gambling|out of control|take a break|helpline)\b/i;
const ACCOUNT =
  /\b(my balance|balance|wallet|how much (money )?(do )?i have|my ((recent|last|latest|previous|past|settled|open|pending|current) )?bets?|(recent|last|latest|open|pending|settled) bets|bet(ting)? history|my record|my stats|my history|am i (up|down)|my (wins|losses|profit))\b/i;
const RULE =
  /\b(how (do|does|can|to)|what (is|are|happens)|what's|explain|rules?|cash[- ]?out|multi[- ]?bet|accumulator|single bets?|payout|void|max(imum)? selections|share (a |my )?slip|aviator|deposit|withdraw\w*|limits?|minimum)\b/i;
const SUGGEST =
  /\b(suggest|recommend|tips?|best bet|good bet|safe bet|value bet|what should i (bet|back|play)|give me a bet|pick (me|one|a)|bet on|back (the|a)?|banker)\b|\b(on|to|in|into) (my |the )?(bet ?)?slip\b|\b(bet|stake|wager|put|place)\s+(\$\s?\d[\d,.]*|\d[\d,.]*\s?(\$|dollars?|usd|bucks)|(a|my) (bet|stake|single))\s+(on|for)\b/i;
const ANALYSE =
  /\b(analy[sz]e|analysis|preview|thoughts on|chances|predict\w*|who (will|would|is going to) win|who wins|break ?down|form of|head[- ]to[- ]head|h2h)\b/i;
const FIND =
  /\b(games?|matches|fixtures?|playing|on today|on tonight|live|results?|kick[- ]?off|schedule)\b/i;

/** a short yes to what the assistant just proposed: "yes, confirm", "ok place it", "go ahead" */
const CONFIRM =
  /^\s*(yes|yeah|yep|yup|sure|ok(ay)?|confirm(ed)?|go ahead|do it|place it|lets? (do|go)|let's (do|go))\b[\s\w,.!']{0,40}$/i;

export function detectIntent(message: string): Intent {
  if (HELP.test(message)) return 'help';
  if (CONFIRM.test(message)) return 'confirm';
  if (SUGGEST.test(message)) return 'suggest';
  if (ANALYSE.test(message)) return 'analyse';
  if (ACCOUNT.test(message)) return 'account';
  if (RULE.test(message) && !/\b(vs|versus|v)\b/i.test(message)) return 'rule';
  if (FIND.test(message)) return 'find';
  return 'smalltalk';
}

/** The stake a player named: "$10", "10 dollars", "USD 2.50", "₦1,000", "500 naira" (in minor units), else null. */
export function namedStakeCents(message: string): number | null {
  const m =
    message.match(
      /(?:\$|₦|\b(?:usd|ngn)\s?)\s?(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,7}(?:\.\d{1,2})?)\b/i,
    ) ??
    message.match(
      /\b(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,7}(?:\.\d{1,2})?)\s?(?:\$|dollars?\b|usd\b|bucks\b|naira\b|ngn\b)/i,
    );
  if (!m) return null;
  const cents = Math.round(Number(m[1].replaceAll(',', '')) * 100);
  return cents > 0 ? cents : null;
}

/**
 * An outcome the player named: "Arsenal to win", "the draw", "away win", or the one team of
 * the game the message names ("Bet $10 on Tottenham"; `teams`: the teams the message names).
 */
export function namedOutcome(
  message: string,
  g: Pick<GameFacts, 'homeTeam' | 'awayTeam'>,
  teams: readonly string[] = [],
): Outcome | null {
  const m = message.toLowerCase();
  if (/\bdraw\b/.test(m)) return 'Draw';
  if (
    /\bhome( win)?\b/.test(m) ||
    m.includes(`${g.homeTeam.toLowerCase()} to win`) ||
    m.includes(`${g.homeTeam.toLowerCase()} win`)
  )
    return 'A';
  if (
    /\baway( win)?\b/.test(m) ||
    m.includes(`${g.awayTeam.toLowerCase()} to win`) ||
    m.includes(`${g.awayTeam.toLowerCase()} win`)
  )
    return 'B';
  const home = teams.includes(g.homeTeam);
  const away = teams.includes(g.awayTeam);
  if (home !== away) return home ? 'A' : 'B';
  return null;
}

/**
 * The bet the assistant last proposed in the conversation, read back from its own words
 * ("I'd look at **X to win** in A vs B"): the game and the outcome, if that game is in `games`.
 */
export function proposalIn(
  text: string,
  games: readonly GameFacts[],
): { game: GameFacts; outcome: Outcome } | null {
  for (const g of games)
    for (const outcome of OUTCOMES)
      if (text.includes(`**${outcomeLabel(g, outcome)}** in ${fixture(g)}`)) return { game: g, outcome };
  return null;
}

export function writeConfirmation(g: GameFacts, outcome: Outcome, stakeCents: number | null): string {
  const price = priceOf(g.odds, outcome);
  const stake =
    stakeCents !== null
      ? ` Enter your stake of **${moneyText(stakeCents)}** (it would return ${moneyText(Math.round(stakeCents * price))} if it wins),`
      : ' Enter your stake,';
  return `I can't place bets myself, but it's ready: **${outcomeLabel(g, outcome)}** in ${fixture(g)} at **${odds2(price)}** is on your bet slip.${stake} then press **Place Bet** on the slip to confirm it.`;
}

export const RULES: Array<{ test: RegExp; text: string }> = [
  {
    test: /cash[- ]?out/i,
    text: 'Cash out is offered on a **pending single bet whose game is live**: you take a settled amount now instead of waiting for full time. Multis and bets on games that have not started cannot be cashed out.',
  },
  {
    test: /multi|accumulator|combined odds|max(imum)? selections|selections/i,
    text: 'A **multi** combines 2 to 10 selections into one bet: the odds multiply, and every selection must win. With **singles**, each selection is its own bet at the same stake per bet, so the total stake is the stake times the number of selections. A slip holds at most 10 selections.',
  },
  {
    test: /payout|how much (can|will) i win|returns?/i,
    text: "For a multi the potential payout is stake × total odds (the product of the selections' odds). For singles it is the sum of each selection's odds × the stake per bet.",
  },
  {
    test: /void|cancel/i,
    text: 'If a game is cancelled, selections on it are **void**: a single is refunded, and a multi carries on without that leg (if every leg is void the stake comes back).',
  },
  {
    test: /limits?|responsible/i,
    text: 'In **Settings → Responsible Gambling** you can set a weekly bet count and a weekly stake limit. 0 disables a limit, and limits reset every week. I can suggest limits based on your own record; ask "suggest my limits".',
  },
  {
    test: /deposit/i,
    text: 'Deposits are made on the **Wallet** page in NGN through the card payment provider; the minimum is 100 NGN. Balances and stakes are shown in US dollars.',
  },
  {
    test: /withdraw/i,
    text: 'Request a withdrawal on the **Wallet** page. An administrator reviews each request; the amount is held until it is approved or rejected.',
  },
  {
    test: /share/i,
    text: 'The **share** button on the bet slip creates a link to your selections; whoever opens it can add them to their own slip with one click.',
  },
  {
    test: /aviator/i,
    text: '**Aviator** runs in rounds: place a stake while betting is open, then the multiplier climbs from 1.00x until the plane flies away. Cash out before the crash to win stake × multiplier; if it crashes first the stake is lost. Every round is provably fair.',
  },
  {
    test: /odds|probabilit/i,
    text: "Odds are decimal: a 2.50 price returns 2.50 per 1 staked, and implies a 40% chance (1 ÷ 2.50). The three prices of a game add up to a bit more than 100% in implied probability; that excess is the bookmaker's margin.",
  },
];

export function explainRule(message: string): string {
  const hits = RULES.filter((r) => r.test.test(message));
  if (hits.length === 0)
    return 'I can explain how singles and multis work, payouts, cash out, void legs, limits, deposits, withdrawals, sharing a slip and Aviator. What would you like to know?';
  return hits
    .slice(0, 2)
    .map((h) => h.text)
    .join('\n\n');
}

export function writeHelp(): string {
  return [
    "Thanks for telling me. If betting has stopped feeling like fun, that's worth taking seriously.",
    '- **Set limits now:** Settings → Responsible Gambling lets you cap your weekly number of bets and stake. Lowering a limit applies at once.',
    "- **Don't chase losses:** a bigger stake to win back what you lost is the fastest way to lose more. Fixed, small stakes keep you in control.",
    '- **Take a break:** step away for a few days; nothing on the fixtures list is a must-bet.',
    '- **Talk to someone:** free, confidential help is available from organisations such as GamCare (gamcare.org.uk) and Gamblers Anonymous (gamblersanonymous.org), which also run meetings in Nigeria.',
    'If you want, ask me to "suggest my limits" and I\'ll base them on your own record.',
  ].join('\n\n');
}

/** A leg as a player reads it: 1X2 as the chat always said it ("Arsenal to win"), other markets as the catalogue names them. */
function pickOf(g: GameFacts, market: string, outcome: string): string {
  return market === DEFAULT_MARKET && (OUTCOMES as readonly string[]).includes(outcome)
    ? outcomeLabel(g, outcome as Outcome)
    : selectionLabel(market, outcome, { home: g.homeTeam, away: g.awayTeam });
}

/** One bet as the chat lists it: what, the pick, the stake, and how it ended. */
export function describeBet(b: BetRecord, gamesById: ReadonlyMap<string, GameFacts>) {
  const s = b.selections[0];
  const g = s ? gamesById.get(s.gameId) : undefined;
  return {
    fixture: b.selections.length > 1 ? `${b.selections.length}-leg multi` : g ? fixture(g) : 'a game',
    pick:
      b.selections.length > 1
        ? `odds ${b.totalOdds.toFixed(2)}`
        : g && s
          ? pickOf(g, s.market, s.outcome)
          : '',
    stakeCents: b.stakeCents,
    status: b.status,
    payoutCents: b.payoutCents,
  };
}

const STATUS_WORDS: Record<BetRecord['status'], string> = {
  pending: 'pending',
  won: 'won',
  lost: 'lost',
  void: 'void (refunded)',
  cashed_out: 'cashed out',
};

export function writeAccount(
  balanceCents: number | null,
  record: PlayerRecord,
  pending: Array<{ fixture: string; pick: string; stakeCents: number }>,
  recent: Array<ReturnType<typeof describeBet>> = [],
): string {
  const parts: string[] = [];
  parts.push(
    balanceCents === null
      ? "I couldn't reach your wallet just now; the Wallet page shows your balance."
      : `Your balance is **${moneyText(balanceCents)}**.`,
  );
  if (record.bets === 0) parts.push("You haven't placed any bets yet.");
  else {
    parts.push(
      `You've placed ${record.bets} bet${record.bets > 1 ? 's' : ''}: ${record.won} won, ${record.lost} lost, ${record.pending} pending${record.winRate !== null ? ` (win rate ${pct(record.winRate)})` : ''}; net ${record.netCents >= 0 ? '+' : '-'}${moneyText(Math.abs(record.netCents))} on settled bets.`,
    );
  }
  if (recent.length)
    parts.push(
      `**Your recent bets:**\n${recent
        .slice(0, 5)
        .map(
          (b) =>
            `- ${b.fixture}: ${b.pick}, ${moneyText(b.stakeCents)}: ${STATUS_WORDS[b.status]}${b.status === 'won' || b.status === 'cashed_out' ? ` (${moneyText(b.payoutCents)})` : ''}`,
        )
        .join('\n')}`,
    );
  else if (pending.length)
    parts.push(
      `**Open bets:**\n${pending
        .slice(0, 5)
        .map((p) => `- ${p.fixture}: ${p.pick}, ${moneyText(p.stakeCents)}`)
        .join('\n')}`,
    );
  return parts.join('\n\n');
}

export function writeGameList(
  games: readonly GameFacts[],
  described: string,
  zone: { offsetMinutes: number; label: string } = { offsetMinutes: 0, label: 'UTC' },
): string {
  if (games.length === 0)
    return `I couldn't find any ${described}. Try another team, league, country or day.`;
  const lines = games.slice(0, 8).map((g) => {
    const when =
      g.status === 'live'
        ? `LIVE ${g.scores.home}-${g.scores.away}${g.elapsedTime != null ? ` ${g.elapsedTime}'` : ''}`
        : g.status === 'finished'
          ? `FT ${g.scores.home}-${g.scores.away}`
          : `${localDateTimeLabel(g.matchDate, zone.offsetMinutes)} ${zone.label}`;
    return `- ${fixture(g)}${g.league ? ` (${g.league})` : ''}: ${when}; ${odds2(g.odds.home)} / ${odds2(g.odds.draw)} / ${odds2(g.odds.away)}`;
  });
  const more =
    games.length > 8 ? `\n\n…and ${games.length - 8} more. Use the search box on Home to see them all.` : '';
  return `Here ${games.length === 1 ? 'is' : 'are'} ${games.length} ${described}:\n\n${lines.join('\n')}${more}`;
}

export function writeSuggestion(
  i: GameInsight,
  outcome: Outcome,
  reason: 'asked' | 'value' | 'lean',
  stakeCents: number | null = null,
): string {
  const g = i.game;
  const price = priceOf(g.odds, outcome);
  const edge = i.edges.find((e) => e.outcome === outcome);
  const p =
    edge?.model ??
    (i.market
      ? outcome === 'A'
        ? i.market.fair.home
        : outcome === 'B'
          ? i.market.fair.away
          : i.market.fair.draw
      : 1 / price);
  const why =
    reason === 'value' && edge
      ? `our ratings model gives it ${pct(edge.model)} against the ${pct(edge.market)} the market implies, a positive expected value of ${pct(edge.value, 1)} per unit`
      : reason === 'asked'
        ? `it's your call; on our numbers it lands about ${pct(p)} of the time`
        : `it's the likeliest outcome at about ${pct(p)}`;
  const stake =
    stakeCents !== null
      ? ` A **${moneyText(stakeCents)}** stake would return ${moneyText(Math.round(stakeCents * price))} if it wins.`
      : '';
  return `I'd look at **${outcomeLabel(g, outcome)}** in ${fixture(g)}${g.league ? ` (${g.league})` : ''} at **${odds2(price)}**: ${why}.${stake} I've put it on your slip for you to review; nothing is placed until you confirm it there. Keep the stake to something you're comfortable losing.`;
}

export function writeSmalltalk(username: string | null): string {
  return `Hi${username ? ` ${username}` : ''}! I can find games ("live games in Nigeria", "Arsenal this weekend"), analyse a match ("analyse Enyimba vs Rivers United"), suggest a bet and add it to your slip, explain the rules, show your balance and bets, and help you keep your betting under control. What would you like to do?`;
}

/** The chat's betSlip as the spec shapes it, built from the real game and its current prices. */
export function betSlipOf(g: GameFacts, outcome: Outcome) {
  return {
    gameId: g.id,
    outcome,
    gameDetails: { homeTeam: g.homeTeam, awayTeam: g.awayTeam },
    oddsAtTimeOfBet: { home: g.odds.home, away: g.odds.away, draw: g.odds.draw },
  };
}
