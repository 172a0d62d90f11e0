import { api } from '@bet/web-shell/core';
import { ErrorText } from '@bet/web-shell/ui';
import { useEffect, useState } from 'react';
import { DepositLimits } from './DepositLimits';
import { isProtectionView, type ProtectionView } from './protection';
import { RealityCheck } from './RealityCheck';
import { TakeABreak } from './TakeABreak';

/**
 * Player protection beyond the weekly limits: a break nobody can cut short, deposit limits,
 * and the reality check. The server enforces all of it; this page only asks.
 */
export function PlayerProtection() {
  const [view, setView] = useState<ProtectionView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` reloads
  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    api
      .get<ProtectionView>('/users/protection', { silent: true, signal: ctrl.signal })
      .then((v) => {
        // a malformed answer must not take the whole Settings page down with it
        if (isProtectionView(v)) setView(v);
        else setError('Could not load your protection settings.');
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setError('Could not load your protection settings.');
      });
    return () => ctrl.abort();
  }, [tick]);

  if (error) return <ErrorText onRetry={() => setTick((t) => t + 1)}>{error}</ErrorText>;
  if (!view) return null;
  return (
    <div className="grid grid--2 protection">
      <TakeABreak view={view} onSaved={setView} />
      <div className="protection__side">
        <DepositLimits view={view} onSaved={setView} />
        <RealityCheck view={view} onSaved={setView} />
      </div>
    </div>
  );
}
