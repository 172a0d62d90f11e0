import { type BalanceUpdate, onSocketEvent } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';

/** How long the page says it is waiting for a payment opened in the other tab. */
export const DEPOSIT_WAIT_MS = 15 * 60_000;

/**
 * The provider's checkout happens in another tab. The wallet pushes the top-up the moment it
 * is credited (`balance_updated` of type topup), which ends the wait; after DEPOSIT_WAIT_MS
 * without one the page stops saying it is waiting (an abandoned checkout).
 */
export function useAwaitDeposit() {
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  useEffect(() => {
    if (waitingSince === null) return;
    const stop = onSocketEvent('balance_updated', (u: BalanceUpdate) => {
      if (u?.type === 'topup') setWaitingSince(null);
    });
    const timer = setTimeout(() => setWaitingSince(null), DEPOSIT_WAIT_MS);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [waitingSince]);
  return { waiting: waitingSince !== null, startWaiting: () => setWaitingSince(Date.now()) };
}
