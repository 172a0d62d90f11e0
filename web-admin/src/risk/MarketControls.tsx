import { api, msgOr, toast } from '@bet/web-shell/core';
import { ErrorText, Spinner, Tabs, useApi } from '@bet/web-shell/ui';
import { type FormEvent, useId, useState } from 'react';
import type { GameMarket, GameMarkets } from '../types';
import { groupOf, MARKET_GROUPS, type MarketGroup } from './market-groups';

/**
 * Every market of a game with its status and prices, and what an admin may do with one
 * (issue 32 item 7): suspend or reopen it, pin its prices, reset them to the model's. Each
 * action is audited by the games service. The markets are grouped in the tabs of the player's
 * match page (Main, Goals, Halves, Handicap, Correct Score): all of them at once were a page
 * some 5000 px tall on a phone.
 */
export function MarketControls({ gameId }: { gameId: string }) {
  const markets = useApi<GameMarkets>(`/games/${gameId}/markets`);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [group, setGroup] = useState<MarketGroup>('main');
  const panelId = useId();

  async function act(m: GameMarket, what: 'suspend' | 'reopen' | 'reset') {
    setBusy(m.key);
    const base = `/admin/games/${gameId}/markets/${encodeURIComponent(m.key)}`;
    try {
      const res =
        what === 'reset'
          ? await api.delete<{ msg: string }>(`${base}/adjust-odds`, { silent: true })
          : await api.patch<{ msg: string }>(`${base}/${what}`, undefined, { silent: true });
      toast.success(res.msg);
      markets.reload();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(null);
    }
  }

  const all = markets.data?.markets ?? [];
  const list = all.filter((m) => groupOf(m.key) === group);
  // a tab says how many of its markets an admin has suspended (none open: all of them)
  const tabs = MARKET_GROUPS.map((g) => {
    const shut = all.filter((m) => groupOf(m.key) === g.value && m.status === 'suspended').length;
    return { value: g.value, label: shut > 0 ? `${g.label} (${shut} suspended)` : g.label };
  });
  const closed = markets.data && (markets.data.status === 'finished' || markets.data.status === 'cancelled');
  return (
    <div className="market-controls">
      <h4>Markets</h4>
      {markets.error ? <ErrorText>{markets.error}</ErrorText> : null}
      {markets.loading && !markets.data ? <Spinner /> : null}
      <Tabs items={tabs} value={group} onChange={setGroup} label="Market groups" panelId={panelId} />
      <div id={panelId} role="tabpanel">
        <ul className="market-controls__list">
          {list.map((m) => (
            <li key={m.key} className="market-controls__row" data-market={m.key}>
              <div className="market-controls__name">
                <strong>{m.name}</strong>
                <span className={`badge badge--${m.status === 'open' ? 'success' : 'danger'}`}>
                  {m.status}
                </span>
              </div>
              <span className="market-controls__prices muted">
                {m.outcomes
                  .filter((o) => o.odds !== null)
                  .slice(0, 4)
                  .map((o) => [o.label, o.odds?.toFixed(2)].join(' '))
                  .join(' · ') || 'no prices'}
                {m.outcomes.filter((o) => o.odds !== null).length > 4 ? ' …' : ''}
              </span>
              {closed ? null : (
                <div className="game-card__actions">
                  {m.status === 'suspended' ? (
                    <button
                      type="button"
                      className="btn btn--sm"
                      disabled={busy === m.key}
                      onClick={() => act(m, 'reopen')}
                    >
                      Reopen
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger"
                      disabled={busy === m.key}
                      onClick={() => act(m, 'suspend')}
                    >
                      Suspend
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn--sm"
                    aria-expanded={editing === m.key}
                    onClick={() => setEditing(editing === m.key ? null : m.key)}
                  >
                    Adjust
                  </button>
                  <button
                    type="button"
                    className="btn btn--sm"
                    disabled={busy === m.key}
                    onClick={() => act(m, 'reset')}
                  >
                    Reset
                  </button>
                </div>
              )}
              {editing === m.key ? (
                <AdjustMarket
                  gameId={gameId}
                  market={m}
                  onDone={() => {
                    setEditing(null);
                    markets.reload();
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function AdjustMarket({
  gameId,
  market,
  onDone,
}: {
  gameId: string;
  market: GameMarket;
  onDone: () => void;
}) {
  const [v, setV] = useState<Record<string, string>>(() =>
    Object.fromEntries(market.outcomes.map((o) => [o.code, o.odds === null ? '' : o.odds.toFixed(2)])),
  );
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    // only the prices given are pinned; an empty field keeps the model's price
    const odds = Object.fromEntries(
      Object.entries(v)
        .filter(([, s]) => s.trim() !== '')
        .map(([k, s]) => [k, Number(s)]),
    );
    setBusy(true);
    try {
      const res = await api.patch<{ msg: string }>(
        `/admin/games/${gameId}/markets/${encodeURIComponent(market.key)}/adjust-odds`,
        { odds },
        { silent: true },
      );
      toast.success(res.msg);
      onDone();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="form market-controls__adjust" onSubmit={submit} aria-label={`Adjust ${market.name}`}>
      <div className="form-row">
        {market.outcomes.map((o) => (
          <label key={o.code} className="market-controls__field">
            <span>{o.label}</span>
            <input
              type="number"
              step="0.01"
              min="1.01"
              max="1000"
              value={v[o.code]}
              onChange={(e) => setV({ ...v, [o.code]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
          {busy ? 'Saving…' : 'Save prices'}
        </button>
      </div>
    </form>
  );
}
