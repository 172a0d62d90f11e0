import type { Answer } from '@bet/api-types';

/** A game's markets (GET /games/{id}/markets): outcomes, decimal prices (null: not offered), status. */
export type GameMarkets = Answer<'/games/{id}/markets'>;
export type MarketView = GameMarkets['markets'][number];
export type MarketOutcome = MarketView['outcomes'][number];
