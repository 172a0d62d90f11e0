import { ApiError, api, currencySymbol, msgOr, toast } from '@bet/web-shell/core';
import {
  accaTiers,
  type PromotionRules,
  promoTerms,
  RULE_KIND_LABEL,
  RULE_KINDS,
  type RuleKind,
} from '@bet/web-shell/promo';
import { Modal, TiersTable, useApi } from '@bet/web-shell/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { GamePage, Promotion } from '../types';
import {
  checkRules,
  type Drafts,
  draftOf,
  type FieldProblem,
  kindForType,
  type PromoType,
  type RulesDraft,
} from './rules';

const TYPES: PromoType[] = ['Bonus', 'FreeBet', 'OddsBoost'];
const OUTCOMES_1X2 = [
  { value: 'A', label: 'Home win (A)' },
  { value: 'Draw', label: 'Draw' },
  { value: 'B', label: 'Away win (B)' },
];

interface Fields {
  title: string;
  description: string;
  promoType: PromoType;
  isActive: boolean;
  expiresAt: string;
}

type Errors = Record<string, string>;
const errorsOf = (problems: FieldProblem[]): Errors =>
  Object.fromEntries(problems.map((p) => [p.path, p.msg]));

/** A labelled control whose error (client's or server's, by path) shows under it. */
function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(id, error ? errId : undefined)}
      {hint && !error ? <span className="field__hint">{hint}</span> : null}
      {error ? (
        <p id={errId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A number input of a rules draft. */
function NumberField({
  label,
  value,
  error,
  onChange,
  step = 'any',
  hint,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
  step?: string;
  hint?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step={step}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

function RulesFields({
  type,
  draft,
  setDraft,
  errors,
  games,
}: {
  type: PromoType;
  draft: RulesDraft;
  setDraft: (d: RulesDraft) => void;
  errors: Errors;
  games: GamePage['games'];
}) {
  const set = <K extends RuleKind>(kind: K, patch: Partial<Drafts[K]>) =>
    setDraft({ ...draft, drafts: { ...draft.drafts, [kind]: { ...draft.drafts[kind], ...patch } } });
  const kinds = RULE_KINDS[type] as readonly RuleKind[];
  return (
    <fieldset className="rules-form">
      <legend>What it pays</legend>
      <Field label="Rules" error={errors['rules.kind'] ?? errors.rules}>
        {(id, describedBy) => (
          <select
            id={id}
            value={draft.kind}
            aria-describedby={describedBy}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as RulesDraft['kind'] })}
          >
            <option value="none">None: a card that pays nothing</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {RULE_KIND_LABEL[k]}
              </option>
            ))}
          </select>
        )}
      </Field>

      {draft.kind === 'deposit_match' && (
        <>
          <div className="form-row">
            <NumberField
              label="Match %"
              step="1"
              value={draft.drafts.deposit_match.percent}
              error={errors['rules.percent']}
              onChange={(percent) => set('deposit_match', { percent })}
            />
            <NumberField
              label={`Cap (${currencySymbol()})`}
              step="0.01"
              value={draft.drafts.deposit_match.cap}
              error={errors['rules.cap']}
              onChange={(cap) => set('deposit_match', { cap })}
            />
          </div>
          <div className="form-row">
            <NumberField
              label="Wagering ×"
              step="1"
              hint="0 for none"
              value={draft.drafts.deposit_match.wagering}
              error={errors['rules.wagering']}
              onChange={(wagering) => set('deposit_match', { wagering })}
            />
            <NumberField
              label="Minimum odds"
              step="0.01"
              value={draft.drafts.deposit_match.minOdds}
              error={errors['rules.minOdds']}
              onChange={(minOdds) => set('deposit_match', { minOdds })}
            />
            <NumberField
              label="Days to wager"
              step="1"
              value={draft.drafts.deposit_match.expiresInDays}
              error={errors['rules.expiresInDays']}
              onChange={(expiresInDays) => set('deposit_match', { expiresInDays })}
            />
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.drafts.deposit_match.firstDepositOnly}
              onChange={(e) => set('deposit_match', { firstDepositOnly: e.target.checked })}
            />
            First deposit only
          </label>
        </>
      )}

      {draft.kind === 'free_bet' && (
        <>
          <div className="form-row">
            <NumberField
              label={`Amount (${currencySymbol()})`}
              step="0.01"
              value={draft.drafts.free_bet.amount}
              error={errors['rules.amount']}
              onChange={(amount) => set('free_bet', { amount })}
            />
            <NumberField
              label="Minimum odds"
              step="0.01"
              value={draft.drafts.free_bet.minOdds}
              error={errors['rules.minOdds']}
              onChange={(minOdds) => set('free_bet', { minOdds })}
            />
            <NumberField
              label="Valid for (days)"
              step="1"
              value={draft.drafts.free_bet.expiresInDays}
              error={errors['rules.expiresInDays']}
              onChange={(expiresInDays) => set('free_bet', { expiresInDays })}
            />
          </div>
          <div className="form-row">
            <Field label="Leagues (optional)" error={errors['rules.leagues']} hint="Comma-separated">
              {(id, describedBy) => (
                <input
                  id={id}
                  value={draft.drafts.free_bet.leagues}
                  aria-describedby={describedBy}
                  onChange={(e) => set('free_bet', { leagues: e.target.value })}
                />
              )}
            </Field>
            <Field
              label="Markets (optional)"
              error={errors['rules.markets']}
              hint="Comma-separated, e.g. 1x2"
            >
              {(id, describedBy) => (
                <input
                  id={id}
                  value={draft.drafts.free_bet.markets}
                  aria-describedby={describedBy}
                  onChange={(e) => set('free_bet', { markets: e.target.value })}
                />
              )}
            </Field>
          </div>
        </>
      )}

      {draft.kind === 'odds_boost' && (
        <>
          <Field label="Game" error={errors['rules.gameId']}>
            {(id, describedBy) => (
              <select
                id={id}
                value={draft.drafts.odds_boost.gameId}
                aria-describedby={describedBy}
                onChange={(e) => set('odds_boost', { gameId: e.target.value })}
              >
                <option value="">Choose a game…</option>
                {games.map((g) => (
                  <option key={g._id} value={g._id}>
                    {g.homeTeam} vs {g.awayTeam} · {new Date(g.matchDate).toLocaleDateString()}
                  </option>
                ))}
                {draft.drafts.odds_boost.gameId &&
                  !games.some((g) => g._id === draft.drafts.odds_boost.gameId) && (
                    <option value={draft.drafts.odds_boost.gameId}>
                      Game {draft.drafts.odds_boost.gameId}
                    </option>
                  )}
              </select>
            )}
          </Field>
          <div className="form-row">
            <Field label="Market" error={errors['rules.market']}>
              {(id, describedBy) => (
                <input
                  id={id}
                  value={draft.drafts.odds_boost.market}
                  aria-describedby={describedBy}
                  onChange={(e) => set('odds_boost', { market: e.target.value })}
                />
              )}
            </Field>
            <Field label="Outcome" error={errors['rules.outcome']}>
              {(id, describedBy) =>
                draft.drafts.odds_boost.market.trim() === '1x2' ? (
                  <select
                    id={id}
                    value={draft.drafts.odds_boost.outcome}
                    aria-describedby={describedBy}
                    onChange={(e) => set('odds_boost', { outcome: e.target.value })}
                  >
                    {OUTCOMES_1X2.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    value={draft.drafts.odds_boost.outcome}
                    aria-describedby={describedBy}
                    onChange={(e) => set('odds_boost', { outcome: e.target.value })}
                  />
                )
              }
            </Field>
          </div>
          <fieldset className="seg-group">
            <legend className="field__label">Boost by</legend>
            {(['odds', 'percent'] as const).map((b) => (
              <label key={b} className="check">
                <input
                  type="radio"
                  name="boostBy"
                  checked={draft.drafts.odds_boost.boostBy === b}
                  onChange={() => set('odds_boost', { boostBy: b })}
                />
                {b === 'odds' ? 'A boosted price' : 'A % on the price'}
              </label>
            ))}
          </fieldset>
          <div className="form-row">
            {draft.drafts.odds_boost.boostBy === 'odds' ? (
              <NumberField
                label="Boosted odds"
                step="0.01"
                value={draft.drafts.odds_boost.boostedOdds}
                error={errors['rules.boostedOdds']}
                onChange={(boostedOdds) => set('odds_boost', { boostedOdds })}
              />
            ) : (
              <NumberField
                label="Boost %"
                step="0.01"
                value={draft.drafts.odds_boost.boostPercent}
                error={errors['rules.boostPercent'] ?? errors['rules.boostedOdds']}
                onChange={(boostPercent) => set('odds_boost', { boostPercent })}
              />
            )}
            <NumberField
              label={`Maximum stake (${currencySymbol()})`}
              step="0.01"
              value={draft.drafts.odds_boost.maxStake}
              error={errors['rules.maxStake']}
              onChange={(maxStake) => set('odds_boost', { maxStake })}
            />
          </div>
        </>
      )}

      {draft.kind === 'acca_bonus' && (
        <>
          <NumberField
            label="Minimum odds per leg"
            step="0.01"
            value={draft.drafts.acca_bonus.minOddsPerLeg}
            error={errors['rules.minOddsPerLeg']}
            onChange={(minOddsPerLeg) => set('acca_bonus', { minOddsPerLeg })}
          />
          <div className="field">
            <span className="field__label">Bonus by number of legs</span>
            {errors['rules.tiers'] && <p className="field__error">{errors['rules.tiers']}</p>}
            <ul className="tiers-edit">
              {draft.drafts.acca_bonus.tiers.map((t, i) => {
                const setTier = (patch: Partial<typeof t>) =>
                  set('acca_bonus', {
                    tiers: draft.drafts.acca_bonus.tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)),
                  });
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a tier's place is its identity while it is edited
                  <li key={i} className="tiers-edit__row">
                    <NumberField
                      label={`Tier ${i + 1} legs`}
                      step="1"
                      value={t.legs}
                      error={errors[`rules.tiers[${i}].legs`]}
                      onChange={(legs) => setTier({ legs })}
                    />
                    <NumberField
                      label={`Tier ${i + 1} bonus %`}
                      step="0.01"
                      value={t.percent}
                      error={errors[`rules.tiers[${i}].percent`]}
                      onChange={(percent) => setTier({ percent })}
                    />
                    <button
                      type="button"
                      className="btn tiers-edit__remove"
                      aria-label={`Remove tier ${i + 1}`}
                      onClick={() =>
                        set('acca_bonus', { tiers: draft.drafts.acca_bonus.tiers.filter((_, j) => j !== i) })
                      }
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
            <button
              type="button"
              className="btn btn--sm tiers-edit__add"
              disabled={draft.drafts.acca_bonus.tiers.length >= 30}
              onClick={() =>
                set('acca_bonus', { tiers: [...draft.drafts.acca_bonus.tiers, { legs: '', percent: '' }] })
              }
            >
              Add tier
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}

/** What players will read on the Promotions page, as they will read it. */
function TermsPreview({
  rules,
  valid,
  games,
}: {
  rules: PromotionRules | null;
  valid: boolean;
  games: GamePage['games'];
}) {
  let body: ReactNode;
  if (!rules) body = <p className="muted">No rules: players see the title and description only.</p>;
  else if (!valid) body = <p className="muted">Fix the fields above to see the terms.</p>;
  else {
    const game = rules.kind === 'odds_boost' ? games.find((g) => g._id === rules.gameId) : undefined;
    const pick =
      rules.kind === 'odds_boost' && game && rules.market === '1x2'
        ? rules.outcome === 'A'
          ? `${game.homeTeam} to win`
          : rules.outcome === 'B'
            ? `${game.awayTeam} to win`
            : 'Draw'
        : null;
    body = (
      <>
        <p className="terms-preview__text" data-testid="terms-preview">
          {promoTerms(rules, { game: game ? `${game.homeTeam} vs ${game.awayTeam}` : null, pick })}
        </p>
        {rules.kind === 'acca_bonus' && (
          <TiersTable className="terms-preview__tiers" tiers={accaTiers(rules)} />
        )}
      </>
    );
  }
  return (
    <section className="terms-preview" aria-label="Terms preview" aria-live="polite">
      <h3 className="terms-preview__title">Players will read</h3>
      {body}
    </section>
  );
}

/** The server's field errors (`errors[]` of a 400), by path. */
function serverErrors(err: unknown): Errors {
  if (!(err instanceof ApiError)) return {};
  const b = err.body as { errors?: Array<{ path?: unknown; msg?: unknown }> } | null;
  const out: Errors = {};
  for (const e of Array.isArray(b?.errors) ? b.errors : [])
    if (typeof e.path === 'string' && typeof e.msg === 'string' && !(e.path in out)) out[e.path] = e.msg;
  return out;
}

export function PromotionForm({
  promo,
  onClose,
  onDone,
}: {
  promo: Promotion | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [v, setV] = useState<Fields>({
    title: promo?.title ?? '',
    description: promo?.description ?? '',
    promoType: promo?.promoType ?? 'Bonus',
    isActive: promo?.isActive ?? true,
    expiresAt: promo?.expiresAt ? promo.expiresAt.slice(0, 10) : '',
  });
  const [draft, setDraft] = useState<RulesDraft>(() => draftOf(promo?.rules));
  const [busy, setBusy] = useState(false);
  // client problems show once a save was tried; the server's until the next change
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<Errors>({});
  const rulesChecked = checkRules(v.promoType, draft);
  // the spec's required fields first, as the server words them
  const checked = {
    rules: rulesChecked.rules,
    problems: [
      ...(v.title.trim() ? [] : [{ path: 'title', msg: 'title is required' }]),
      ...(v.description.trim() ? [] : [{ path: 'description', msg: 'description is required' }]),
      ...rulesChecked.problems,
    ],
  };
  const errors: Errors = { ...(tried ? errorsOf(checked.problems) : {}), ...fromServer };
  const games = useApi<GamePage>(draft.kind === 'odds_boost' ? '/games' : null, {
    status: 'upcoming',
    limit: 100,
  });
  const gameList = games.data?.games ?? [];

  const change = (next: Partial<Fields>) => {
    setFromServer({});
    setV({ ...v, ...next });
  };
  const changeDraft = (d: RulesDraft) => {
    setFromServer({});
    setDraft(d);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (checked.problems.length > 0) {
      const first = checked.problems[0];
      toast.error(
        first.path === 'title' || first.path === 'description'
          ? 'Title and description are required.'
          : first.msg,
      );
      return;
    }
    setBusy(true);
    // an empty expiry is none (null), per spec 001 §5; rules only when set, null removes them
    const body = {
      ...v,
      title: v.title.trim(),
      description: v.description.trim(),
      expiresAt: v.expiresAt || null,
      ...(checked.rules ? { rules: checked.rules } : promo?.rules ? { rules: null } : {}),
    };
    try {
      if (promo) await api.patch(`/promotions/${promo._id}`, body, { silent: true });
      else await api.post('/promotions', body, { silent: true });
      toast.success(`Promotion ${promo ? 'updated' : 'created'} successfully!`);
      onDone();
      onClose();
    } catch (err) {
      setFromServer(serverErrors(err));
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={promo ? 'Edit Promotion' : 'Create Promotion'} onClose={onClose} wide>
      <form className="form promo-form" onSubmit={submit} noValidate>
        <Field label="Title" error={errors.title}>
          {(id, describedBy) => (
            <input
              id={id}
              required
              value={v.title}
              aria-describedby={describedBy}
              onChange={(e) => change({ title: e.target.value })}
            />
          )}
        </Field>
        <Field label="Description" error={errors.description}>
          {(id, describedBy) => (
            <textarea
              id={id}
              required
              value={v.description}
              aria-describedby={describedBy}
              onChange={(e) => change({ description: e.target.value })}
            />
          )}
        </Field>
        <div className="form-row">
          <Field label="Type" error={errors.promoType}>
            {(id) => (
              <select
                id={id}
                value={v.promoType}
                onChange={(e) => {
                  const promoType = e.target.value as PromoType;
                  change({ promoType });
                  setDraft({ ...draft, kind: kindForType(promoType, draft.kind) });
                }}
              >
                {TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Expires (optional)" error={errors.expiresAt}>
            {(id, describedBy) => (
              <input
                id={id}
                type="date"
                value={v.expiresAt}
                aria-describedby={describedBy}
                onChange={(e) => change({ expiresAt: e.target.value })}
              />
            )}
          </Field>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={v.isActive}
            onChange={(e) => change({ isActive: e.target.checked })}
          />
          Active
        </label>
        <RulesFields
          type={v.promoType}
          draft={draft}
          setDraft={changeDraft}
          errors={errors}
          games={gameList}
        />
        <TermsPreview rules={checked.rules} valid={rulesChecked.problems.length === 0} games={gameList} />
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : promo ? 'Save Changes' : 'Create Promotion'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
