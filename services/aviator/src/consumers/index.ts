import { openBetsResponder } from './open-bets';

/** Aviator answers one question (aviator.open_bets); otherwise it only asks (wallet.debit, betting.reserve_stake) and announces. */
export const consumers = [openBetsResponder];
