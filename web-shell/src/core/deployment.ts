import { create } from 'zustand';
import { API_BASE } from './api';
import { type Currency, isCurrency, setMoneyCurrency } from './format';

/**
 * What the deployment says about itself before anyone signs in (GET /wallet/payments): its
 * currency, and whether deposits go to the sandbox. Read once per page; the currency is also
 * remembered in the browser so a returning visitor's first paint already shows it.
 */
export interface DeploymentState {
  currency: Currency;
  sandbox: boolean;
}

const KEY = 'bet.currency';

function remembered(): Currency {
  try {
    const c = globalThis.localStorage?.getItem(KEY);
    return isCurrency(c) ? c : 'USD';
  } catch {
    return 'USD';
  }
}

const first = remembered();
setMoneyCurrency(first);

export const useDeployment = create<DeploymentState>(() => ({ currency: first, sandbox: false }));

/** The server named the currency (the payments answer, GET /wallet): format every amount in it. */
export function setDeploymentCurrency(currency: unknown): void {
  if (!isCurrency(currency) || currency === useDeployment.getState().currency) return;
  setMoneyCurrency(currency);
  try {
    globalThis.localStorage?.setItem(KEY, currency);
  } catch {
    /* private mode: formatted right from the answer anyway */
  }
  useDeployment.setState({ currency });
}

let loading: Promise<void> | null = null;

/** Reads GET /wallet/payments once per page (every later call shares the first). */
export function loadDeployment(): Promise<void> {
  loading ??= fetch(`${API_BASE}/wallet/payments`)
    .then((res) => (res.ok ? res.json() : null))
    .then((body: { sandbox?: boolean; currency?: unknown } | null) => {
      if (!body) return;
      setDeploymentCurrency(body.currency);
      useDeployment.setState({ sandbox: body.sandbox === true });
    })
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** Tests: forget what was read, so the next loadDeployment asks again. */
export function forgetDeployment(): void {
  loading = null;
  setMoneyCurrency('USD');
  useDeployment.setState({ currency: 'USD', sandbox: false });
}
