import { api, msgOr, toast } from '@bet/web-shell/core';
import {
  accaTiers,
  type PromotionRules,
  promoTerms,
  RULE_KIND_LABEL,
  RULE_KINDS,
  type RuleKind,
} from '@bet/web-shell/promo';
import { Modal, TiersTable, useApi } from '@bet/web-shell/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { GamePage, Promotion } from '../types';
import { Field } from './fields';
import { type Errors, errorsOf, serverErrors } from './form-errors';
import { AccaBonusRules } from './kinds/AccaBonusRules';
import { DepositMatchRules } from './kinds/DepositMatchRules';
import { FreeBetRules } from './kinds/FreeBetRules';
import { OddsBoostRules } from './kinds/OddsBoostRules';
import { checkRules, type Drafts, draftOf, kindForType, type PromoType, type RulesDraft } from './rules';

const TYPES: PromoType[] = ['Bonus', 'FreeBet', 'OddsBoost'];

interface Fields {
  title: string;
  description: string;
  promoType: PromoType;
  isActive: boolean;
  expiresAt: string;
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
        <DepositMatchRules
          values={draft.drafts.deposit_match}
          set={(patch) => set('deposit_match', patch)}
          errors={errors}
        />
      )}
      {draft.kind === 'free_bet' && (
        <FreeBetRules
          values={draft.drafts.free_bet}
          set={(patch) => set('free_bet', patch)}
          errors={errors}
        />
      )}
      {draft.kind === 'odds_boost' && (
        <OddsBoostRules
          values={draft.drafts.odds_boost}
          set={(patch) => set('odds_boost', patch)}
          errors={errors}
          games={games}
        />
      )}
      {draft.kind === 'acca_bonus' && (
        <AccaBonusRules
          values={draft.drafts.acca_bonus}
          set={(patch) => set('acca_bonus', patch)}
          errors={errors}
        />
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
