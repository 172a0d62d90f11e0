import { DEFAULT_MARKET, marketDef } from '@bet/proto-events/markets';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import { insight } from '../domain/analysis';
import { GameNotFoundError, InvalidInputError } from '../domain/errors';
import {
  MAX_SELECTIONS,
  type SlipLeg,
  slipFacts,
  suggestForSlip,
  writeSinglesAnalysis,
  writeSlipAnalysis,
} from '../domain/slip';
import { type GameFacts, type Outcome, priceOf } from '../domain/types';
import { getGames } from '../store/games';
import { findGame, loadCalendar, now, produce } from './data';

export interface SlipInput {
  gameId: string;
  /** a market of the catalogue; 1X2 when absent (the spec's payload) */
  market?: string;
  outcome: string;
  odds?: number;
}

const AnalysisAnswer = Type.Object({ analysis: Type.String({ minLength: 20, maxLength: 6000 }) });
const SuggestionsAnswer = Type.Object({
  combinationSuggestions: Type.Array(
    Type.Object({
      gameId: Type.String(),
      outcome: Type.Union([Type.Literal('A'), Type.Literal('Draw'), Type.Literal('B')]),
      justification: Type.String({ minLength: 5, maxLength: 600 }),
    }),
    { maxItems: 5 },
  ),
  alternativeBet: Type.Object({ explanation: Type.String({ minLength: 5, maxLength: 1200 }) }),
});

export function checkSelections(selections: readonly SlipInput[]) {
  if (selections.length === 0) throw new InvalidInputError('Add at least one selection to analyse.');
  if (selections.length > MAX_SELECTIONS)
    throw new InvalidInputError('You can only have a maximum of 10 selections in a multi-bet.');
  const ids = new Set(selections.map((s) => s.gameId));
  if (ids.size !== selections.length)
    throw new InvalidInputError('A slip can hold only one selection per game.');
  selections.forEach((s, i) => {
    const market = s.market ?? DEFAULT_MARKET;
    const def = marketDef(market);
    if (!def)
      throw new InvalidInputError(`selections.${i}.market is not a market we offer: ${market}`, [
        { path: `selections.${i}.market`, location: 'body', msg: `unknown market ${market}` },
      ]);
    if (!def.outcomes.includes(s.outcome))
      throw new InvalidInputError(
        `selections.${i}.outcome must be one of ${def.outcomes.join(', ')} for ${def.name}`,
        [
          {
            path: `selections.${i}.outcome`,
            location: 'body',
            msg: `must be one of ${def.outcomes.join(', ')}`,
          },
        ],
      );
    // the service holds 1X2 prices only: another market's pick brings the price it showed
    if (market !== DEFAULT_MARKET && !(typeof s.odds === 'number' && s.odds > 1))
      throw new InvalidInputError(`selections.${i}.odds is required for a ${def.name} pick`, [
        { path: `selections.${i}.odds`, location: 'body', msg: 'required for a market other than 1X2' },
      ]);
  });
}

async function legsOf(ctx: AppContext, selections: readonly SlipInput[]) {
  checkSelections(selections);
  const history = await loadCalendar(ctx);
  const known = new Map(
    (
      await getGames(
        ctx.db,
        selections.map((s) => s.gameId),
      )
    ).map((g) => [g.id, g]),
  );
  const legs: SlipLeg[] = [];
  for (const s of selections) {
    let g: GameFacts | undefined = known.get(s.gameId);
    if (!g) {
      try {
        g = await findGame(ctx, s.gameId);
      } catch {
        throw new GameNotFoundError(`Game not found: ${s.gameId}`);
      }
    }
    const market = s.market ?? DEFAULT_MARKET;
    const odds =
      typeof s.odds === 'number' && Number.isFinite(s.odds) && s.odds > 1
        ? s.odds
        : priceOf(g.odds, s.outcome as Outcome);
    legs.push({ game: g, market, outcome: s.outcome, odds, insight: insight(g, history) });
  }
  return { legs, history };
}

/**
 * The slip's analysis as the bet it will be: a multi (the spec's default: combined odds and
 * probability) or singles (`betType: 'single'`: each selection its own bet).
 */
export async function analyzeSlip(
  ctx: AppContext,
  selections: readonly SlipInput[],
  betType: 'single' | 'multi' = 'multi',
) {
  const { legs } = await legsOf(ctx, selections);
  const facts = slipFacts(legs);
  const singles = betType === 'single';
  const { value, producedBy } = await produce(
    ctx,
    'analyze-slip',
    () => ({ analysis: singles ? writeSinglesAnalysis(facts) : writeSlipAnalysis(facts) }),
    (m) =>
      m.write<{ analysis: string }>(
        singles
          ? 'Analyse this bet slip for the player (120-220 words, plain text, **bold** and "- " lists allowed). It is placed as SINGLES: each selection is its own bet at the same stake and wins or loses on its own; never talk about combined odds or a combined probability. Cover each selection\'s chance and expected value, the best value and the least likely single, price moves, legs no longer open. Use only the numbers given. Answer {"analysis": string}.'
          : 'Analyse this bet slip for the player (120-220 words, plain text, **bold** and "- " lists allowed): combined probability, expected value, the riskiest leg, price moves, legs no longer open. Use only the numbers given. Answer {"analysis": string}.',
        singles ? { betType: 'singles', legs: facts.legs, unavailable: facts.unavailable } : facts,
        AnalysisAnswer,
      ),
  );
  return { ...value, producedBy };
}

export async function slipSuggestions(ctx: AppContext, selections: readonly SlipInput[]) {
  const { legs, history } = await legsOf(ctx, selections);
  const facts = slipFacts(legs);
  const t = now(ctx);
  const candidates = history
    .filter(
      (g) =>
        g.status === 'upcoming' && g.matchDate > t && g.matchDate.getTime() < t.getTime() + 2 * 86_400_000,
    )
    .slice(0, 60)
    .map((g) => insight(g, history));
  const builtIn = () => suggestForSlip(facts, candidates);
  const byId = new Map(candidates.map((c) => [c.game.id, c]));
  const { value, producedBy } = await produce(ctx, 'slip-suggestions', builtIn, async (m) => {
    const answer = await m.write<{
      combinationSuggestions: Array<{ gameId: string; outcome: Outcome; justification: string }>;
      alternativeBet: { explanation: string };
    }>(
      'Suggest up to 3 selections from "candidates" that combine well with the slip, and one safer alternative bet. Use only candidate gameIds. Answer {"combinationSuggestions": [{"gameId", "outcome": "A"|"Draw"|"B", "justification"}], "alternativeBet": {"explanation"}}.',
      { slip: facts, candidates: candidates.slice(0, 20) },
      SuggestionsAnswer,
    );
    // a suggestion is only kept for a real, open candidate game: names and prices come from our data
    return {
      combinationSuggestions: answer.combinationSuggestions
        .filter((s) => byId.has(s.gameId))
        .map((s) => {
          const g = byId.get(s.gameId)!.game;
          return {
            gameId: g.id,
            gameDetails: { homeTeam: g.homeTeam, awayTeam: g.awayTeam },
            outcome: s.outcome,
            odds: priceOf(g.odds, s.outcome),
            justification: s.justification,
          };
        }),
      alternativeBet: answer.alternativeBet,
    };
  });
  return { ...value, producedBy };
}
