import { isId, moneyText, parseMoney, payoutCents, totalOddsHundredths } from '@bet/kit/core';
import { DEFAULT_MARKET, isSelection, marketDef, marketLabel, selectionLabel } from '@bet/proto-events';
import {
  DuplicateGameError,
  GameClosedError,
  InvalidGameIdError,
  InvalidSelectionError,
  InvalidStakeError,
  MarketSuspendedError,
  MaxPayoutError,
  MaxStakeError,
  MultiNeedsTwoError,
  NoPriceError,
  NoSelectionsError,
  TooManySelectionsError,
  UnknownGameError,
} from './errors';
import {
  type AccaRule,
  type AccaTier,
  accaBonusCents,
  accaBonusFor,
  type BoostRule,
  BoostTwiceError,
  boostedPrice,
  checkBoost,
} from './promotions';
import { checkOddsCeiling } from './trading';

export type Outcome = 'A' | 'Draw' | 'B';
export type BetType = 'single' | 'multi';
export const OUTCOMES: readonly Outcome[] = ['A', 'Draw', 'B'];
export const MAX_SELECTIONS = 10;

export const MSG = {
  emptyOrNoStake: 'Please add selections and enter a valid stake.',
  freeBetOneBet: 'A free bet pays one bet: place it on one selection, or as a multi.',
  tooMany: 'You can only have a maximum of 10 selections in a multi-bet.',
  multiNeedsTwo: 'Add at least one more selection to create a multi-bet.',
  invalidId: 'This game cannot be selected due to an invalid ID.',
  oneSelectionPerGame: 'You can only pick one outcome per game.',
  stakeDecimals: 'The stake can have at most two decimals.',
  unknownGame: 'One of the selected games does not exist.',
  unknownSelection: 'One of the selections names a market or an outcome that does not exist.',
} as const;

/** prices of every market in hundredths, by market key then outcome code (null: not offered) */
export type MarketOdds = Record<string, Record<string, number | null>>;

/** What betting knows about a game (its read model), odds in hundredths. */
export interface GameState {
  id: string;
  homeTeam: string;
  awayTeam: string;
  status: 'upcoming' | 'live' | 'finished' | 'cancelled';
  odds: Record<Outcome, number>;
  /** the current prices are in-play prices */
  oddsLive: boolean;
  settledResult: Outcome | null;
  cancelled: boolean;
  /** kick-off: pre-match prices stop here, whatever the status still says */
  kickOff?: Date | null;
  /** the other markets' prices as games last announced them (null: only 1X2 is offered) */
  markets?: MarketOdds | null;
  /** every market of the game is suspended until then (a goal, a red card, a penalty) */
  suspendedUntil?: Date | null;
  /** markets an admin suspended (issue 32 item 7): they take no bet until reopened */
  suspendedMarkets?: readonly string[];
}

/** A pick: a game, a market (absent: 1X2, as the spec has it) and one of its outcomes. */
export interface SelectionInput {
  gameId: string;
  market?: string;
  outcome: string;
  /** additive: the decimal price the slip showed; a bet is never taken at a price it did not see unless the slip says so */
  odds?: number;
  /** additive (issue 33): an odds boost (its promotion id) that prices this pick */
  boostId?: string;
}

export interface PlannedLeg {
  gameId: string;
  /** a market key of the catalogue ('1x2' for the spec's picks) */
  market: string;
  outcome: string;
  odds: number;
  /** issue 33: the boost that priced the leg (odds are the boosted price) and the model price it replaced */
  boostId?: string;
  baseOdds?: number;
}

/** A multi's accumulator bonus as placed (issue 33, decision betting-009). */
export interface PlannedAcca {
  promotionId: string;
  tiers: AccaTier[];
  bp: number;
  /** the bonus if every leg wins: bp of (potential payout − stake) */
  potentialCents: bigint;
}

export interface PlannedBet {
  betType: BetType;
  stakeCents: bigint;
  legs: PlannedLeg[];
  totalOdds: number;
  potentialPayoutCents: bigint;
  acca?: PlannedAcca;
}

/** The promotions a slip may use (issue 33): the boosts its picks name, the acca bonuses on offer. */
export interface SlipPromotions {
  boosts: ReadonlyMap<string, BoostRule>;
  accaRules: readonly AccaRule[];
  /** a free bet takes no boost (refused before) and no acca bonus */
  freeBet: boolean;
  now: Date;
}

/**
 * The bets as a free-bet token pays them (issue 33, decision wallet-008), or as the player's
 * money pays them (freeBetCents 0). A token pays the whole stake of its one bet, and the stake
 * is not returned on a win: the potential payout is stake × odds − stake.
 */
export function asFreeBet(
  planned: PlannedBet[],
  freeBet: boolean,
): Array<PlannedBet & { freeBetCents: bigint }> {
  return planned.map((b) =>
    freeBet
      ? { ...b, potentialPayoutCents: b.potentialPayoutCents - b.stakeCents, freeBetCents: b.stakeCents }
      : { ...b, freeBetCents: 0n },
  );
}

export interface PlacementSettings {
  maxStakeCents: bigint;
  maxPayoutCents: bigint;
  /** the odds ceiling of one selection (hundredths); absent: none */
  maxOdds?: number;
}

/**
 * A stake in dollars from the edge (a number or a strict decimal string): present, at most
 * two decimals, and at least one cent once converted (1e-10 is positive but no money).
 */
export function parseStake(value: number | string | undefined): bigint {
  const r = parseMoney(value);
  if (!r.ok && r.reason === 'too_many_decimals') throw new InvalidStakeError(MSG.stakeDecimals);
  if (!r.ok || r.cents < 1n) throw new InvalidStakeError(MSG.emptyOrNoStake);
  return r.cents;
}

/** The shape rules of a slip, before any game is looked up. */
export function checkSlip(betType: BetType, selections: SelectionInput[] | undefined): SelectionInput[] {
  if (!selections || selections.length === 0) throw new NoSelectionsError(MSG.emptyOrNoStake);
  if (selections.length > MAX_SELECTIONS) throw new TooManySelectionsError(MSG.tooMany);
  if (betType === 'multi' && selections.length < 2) throw new MultiNeedsTwoError(MSG.multiNeedsTwo);
  const seen = new Set<string>();
  for (const s of selections) {
    if (!isId(s.gameId)) throw new InvalidGameIdError(MSG.invalidId);
    if (!isSelection(s.market, s.outcome)) throw new InvalidSelectionError(MSG.unknownSelection);
    // one pick per game in any slip, whatever its market: the markets of one game are
    // correlated, and their prices must never be multiplied together (games-005)
    if (seen.has(s.gameId)) throw new DuplicateGameError(MSG.oneSelectionPerGame);
    seen.add(s.gameId);
  }
  return selections;
}

/**
 * A game takes bets while it is upcoming, or live with in-play prices (a live game still
 * showing its pre-match prices would hand out stale odds).
 */
export function bettingState(
  game: GameState,
  now: Date = new Date(),
): { open: true } | { open: false; reason: string } {
  const name = `${game.homeTeam} vs ${game.awayTeam}`;
  if (game.cancelled || game.status === 'cancelled')
    return { open: false, reason: `${name} has been cancelled.` };
  if (game.settledResult || game.status === 'finished')
    return { open: false, reason: `${name} has finished; betting is closed.` };
  if (game.status === 'live' && !game.oddsLive)
    return { open: false, reason: `Betting on ${name} is suspended until in-play odds are available.` };
  if (game.suspendedUntil && game.suspendedUntil.getTime() > now.getTime())
    return { open: false, reason: suspendedMarket(game).message };
  // a game past its kick-off that still says upcoming (a manual game nobody started, a
  // provider game before the next sync) must not take bets at pre-match prices
  if (game.status === 'upcoming' && game.kickOff && game.kickOff.getTime() <= now.getTime())
    return { open: false, reason: `Betting on ${name} closed at kick-off.` };
  return { open: true };
}

/** The refusal for a live game whose in-play price its owner (games) does not vouch for right now. */
export function suspendedMarket(game: { homeTeam: string; awayTeam: string }): MarketSuspendedError {
  return new MarketSuspendedError(
    `Betting on ${game.homeTeam} vs ${game.awayTeam} is suspended while its in-play prices update. Please try again in a moment.`,
  );
}

/** The refusal for a market an admin suspended. */
export function marketSuspended(
  game: { homeTeam: string; awayTeam: string },
  market: string,
): MarketSuspendedError {
  return new MarketSuspendedError(
    `The ${marketLabel(market, { home: game.homeTeam, away: game.awayTeam })} market of ${game.homeTeam} vs ${game.awayTeam} is suspended. Please try another market.`,
  );
}

/** The server's current price of a pick (hundredths), or null when the market does not offer it now. */
export function priceOf(game: GameState, outcome: string, market: string = DEFAULT_MARKET): number | null {
  if (market === DEFAULT_MARKET) return game.odds[outcome as Outcome] ?? null;
  return game.markets?.[market]?.[outcome] ?? null;
}

/** What a player reads for a pick ("Over 2.5", "BTTS Yes", "Arsenal or Draw"). */
export function legLabel(market: string, outcome: string, teams?: { home: string; away: string }): string {
  return marketDef(market) ? selectionLabel(market, outcome, teams) : outcome;
}

/**
 * Turns a checked slip into the bets to create, with the server's current prices:
 * singles give one bet per selection at `stakeCents` each, a multi gives one bet.
 */
export function planBets(
  betType: BetType,
  stakeCents: bigint,
  selections: SelectionInput[],
  games: ReadonlyMap<string, GameState>,
  settings: PlacementSettings,
  promos?: SlipPromotions,
): PlannedBet[] {
  const legs: PlannedLeg[] = selections.map((s) => {
    const game = games.get(s.gameId);
    if (!game) throw new UnknownGameError(MSG.unknownGame);
    const state = bettingState(game);
    if (!state.open) throw new GameClosedError(state.reason);
    const market = s.market ?? DEFAULT_MARKET;
    if (game.suspendedMarkets?.includes(market)) throw marketSuspended(game, market);
    const model = priceOf(game, s.outcome, market);
    if (model === null || !Number.isInteger(model) || model <= 100)
      throw new NoPriceError(`There is no price for this pick on ${game.homeTeam} vs ${game.awayTeam}.`);
    // a boosted pick: the boost must be on offer for exactly this pick, the stake within its maximum
    const boost =
      s.boostId !== undefined
        ? checkBoost(promos?.boosts.get(s.boostId), s, stakeCents, promos?.now ?? new Date())
        : undefined;
    const odds = boost ? boostedPrice(model, boost) : model;
    if (settings.maxOdds !== undefined)
      checkOddsCeiling(
        odds,
        settings.maxOdds,
        `${legLabel(market, s.outcome, { home: game.homeTeam, away: game.awayTeam })} on ${game.homeTeam} vs ${game.awayTeam}`,
      );
    return boost
      ? { gameId: s.gameId, market, outcome: s.outcome, odds, boostId: boost.promotionId, baseOdds: model }
      : { gameId: s.gameId, market, outcome: s.outcome, odds };
  });
  if (stakeCents > settings.maxStakeCents)
    throw new MaxStakeError(`The maximum stake per bet is ${fmt(settings.maxStakeCents)}.`);
  const groups = betType === 'single' ? legs.map((l) => [l]) : [legs];
  return groups.map((group) => {
    const odds = group.map((l) => l.odds);
    const potential = payoutCents(stakeCents, odds);
    if (potential > settings.maxPayoutCents)
      throw new MaxPayoutError(
        `The potential payout of a bet cannot exceed ${fmt(settings.maxPayoutCents)}; lower the stake.`,
      );
    const boosted = group.filter((l) => l.boostId !== undefined).length;
    if (boosted > 1) throw new BoostTwiceError();
    const acca =
      betType === 'multi' && boosted === 0 && promos && !promos.freeBet
        ? accaOf(promos, odds, stakeCents, potential)
        : undefined;
    if (acca && potential + acca.potentialCents > settings.maxPayoutCents)
      throw new MaxPayoutError(
        `The potential payout of a bet cannot exceed ${fmt(settings.maxPayoutCents)}; lower the stake.`,
      );
    return {
      betType,
      stakeCents,
      legs: group,
      totalOdds: totalOddsHundredths(odds),
      potentialPayoutCents: potential,
      ...(acca ? { acca } : {}),
    };
  });
}

/** The accumulator bonus a multi's legs earn now (none with a boosted leg or on a free bet: betting-009). */
function accaOf(
  promos: SlipPromotions,
  odds: number[],
  stakeCents: bigint,
  potential: bigint,
): PlannedAcca | undefined {
  const found = accaBonusFor(promos.accaRules, odds, promos.now);
  if (!found) return undefined;
  return {
    promotionId: found.rule.promotionId,
    tiers: found.rule.tiers,
    bp: found.bp,
    potentialCents: accaBonusCents(potential, stakeCents, found.bp),
  };
}

function fmt(cents: bigint) {
  return moneyText(cents);
}
