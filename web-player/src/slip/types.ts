import type { Answer } from '@bet/api-types';

/** What placing singles or a multi answers (both alike): the bets and the balance after the stake. */
export type Placement = Answer<'/bets/singles', 'post'>;
export type PlacedBet = Placement['bets'][number];

/** What sharing a slip answers: its link and booking code. */
export type ShareAnswer = Answer<'/bets/share', 'post'>;

/** A shared slip (by share id or booking code), its games populated under `gameId`. */
export type SharedSlipAnswer = Answer<'/bets/share/{id}'>;
export type SharedSelection = SharedSlipAnswer['slip']['selections'][number];
export type SharedGame = NonNullable<SharedSelection['gameId']>;
