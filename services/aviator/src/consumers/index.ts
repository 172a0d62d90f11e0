/** Aviator listens to nobody: it only asks (wallet.debit, betting.reserve_stake) and announces. */
export const consumers = [];
