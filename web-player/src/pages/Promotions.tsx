import type { Answer } from '@bet/api-types';
import { api, errorMessage, toast, useSession } from '@bet/web-shell/core';
import { accaTiers, CLAIMABLE, type PromotionRules, promoTerms, type RulesOf } from '@bet/web-shell/promo';
import { EmptyState, ErrorText, Spinner, TiersTable, useApi } from '@bet/web-shell/ui';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { dateTime, odds as fmtOdds, money } from '../lib/format';
import { pickLabel } from '../lib/picks';
import { type BonusGrant, type FreeBetToken, type MyPromotion, useMyPromotions } from '../promo/mine';

type Promotion = Answer<'/promotions'>['promotions'][number];
type Game = Answer<'/games/{id}'>;

export const MSG_CLAIMED_FALLBACK = 'Promotion claimed.';

const BADGE: Record<Promotion['promoType'], string> = {
  Bonus: 'badge badge--success',
  FreeBet: 'badge badge--info',
  OddsBoost: 'badge badge--warning',
};

/** An odds boost names its game and pick: read the game to say "Arsenal to win in Arsenal vs Chelsea". */
function BoostTerms({ rules }: { rules: RulesOf<'odds_boost'> }) {
  const game = useApi<Game>(`/games/${rules.gameId}`);
  const g = game.data;
  return (
    <p className="promo-card__terms">
      {promoTerms(rules, {
        game: g ? `${g.homeTeam} vs ${g.awayTeam}` : null,
        pick: g ? pickLabel(rules.outcome, g.homeTeam, g.awayTeam, rules.market) : null,
      })}
    </p>
  );
}

function AccaTable({ rules }: { rules: RulesOf<'acca_bonus'> }) {
  return <TiersTable className="promo-tiers" tiers={accaTiers(rules)} />;
}

function Terms({ rules }: { rules: PromotionRules }) {
  if (rules.kind === 'odds_boost') return <BoostTerms rules={rules} />;
  return (
    <>
      <p className="promo-card__terms">{promoTerms(rules)}</p>
      {rules.kind === 'acca_bonus' && <AccaTable rules={rules} />}
    </>
  );
}

/** Claim for a signed-in player; a visitor is sent to sign in and brought back here. */
function ClaimAction({ promo, claimed }: { promo: Promotion; claimed: boolean }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  if (claimed) return <span className="badge badge--success promo-card__claimed">Claimed</span>;
  if (status !== 'authenticated')
    return (
      <Link to="/login" state={{ from: location }} className="btn promo-card__action">
        Sign in to claim
      </Link>
    );
  const claim = async () => {
    setBusy(true);
    try {
      const res = await api.post<Answer<'/promotions/{id}/claim', 'post'>>(
        `/promotions/${promo._id}/claim`,
        undefined,
        { silent: true },
      );
      toast.success(res?.msg || MSG_CLAIMED_FALLBACK);
      await useMyPromotions.getState().load();
    } catch (err) {
      toast.error(errorMessage(err));
      // a 409 (claimed elsewhere) is news about the player's own list
      void useMyPromotions.getState().load();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--primary promo-card__action"
      onClick={claim}
      disabled={busy}
      aria-label={`Claim ${promo.title}`}
    >
      {busy ? 'Claiming…' : 'Claim'}
    </button>
  );
}

function OfferCard({ promo, claimed }: { promo: Promotion; claimed: boolean }) {
  const claimable = promo.rules !== undefined && CLAIMABLE.includes(promo.rules.kind);
  return (
    <li className="card promo-card">
      <div className="promo-card__head">
        <h2 className="card__title">{promo.title}</h2>
        <span className={BADGE[promo.promoType] ?? 'badge'}>{promo.promoType}</span>
      </div>
      <p>{promo.description}</p>
      {promo.rules && <Terms rules={promo.rules} />}
      <div className="promo-card__foot">
        {promo.expiresAt ? (
          <p className="promo-card__expiry">Ends {new Date(promo.expiresAt).toLocaleDateString()}</p>
        ) : (
          <span />
        )}
        {claimable && <ClaimAction promo={promo} claimed={claimed} />}
        {promo.rules && !claimable && <span className="promo-card__auto">Applies automatically</span>}
      </div>
    </li>
  );
}

const STATUS_BADGE: Record<string, string> = {
  active: 'badge badge--success',
  open: 'badge badge--success',
  used: 'badge badge--info',
  converted: 'badge badge--info',
  expired: 'badge',
  closed: 'badge',
};
const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  open: 'Active',
  used: 'Used',
  converted: 'Paid out',
  expired: 'Expired',
  closed: 'Closed',
};

/**
 * A claim's own status: open (a deposit match still to earn on a deposit), used (granted: a
 * first-deposit match paid, a free bet's token issued), closed. Its bonuses and tokens say the rest.
 */
const CLAIM_BADGE: Record<MyPromotion['status'], string> = {
  open: 'badge badge--success',
  used: 'badge badge--info',
  closed: 'badge',
};
const CLAIM_LABEL: Record<MyPromotion['status'], string> = {
  open: 'Open',
  used: 'Granted',
  closed: 'Closed',
};

function Progress({ grant }: { grant: BonusGrant }) {
  const required = grant.required;
  const share = required > 0 ? Math.min(1, grant.wagered / required) : 1;
  const label = `Wagered ${money(grant.wagered)} of ${money(required)}`;
  return (
    <div className="promo-progress">
      <div className="promo-progress__text">
        <span>{label}</span>
        <span>{Math.floor(share * 100)}%</span>
      </div>
      <div
        className="promo-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={Math.min(grant.wagered, required)}
      >
        <span style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

function GrantLine({ grant }: { grant: BonusGrant }) {
  return (
    <li className="promo-mine__item">
      <div className="promo-mine__line">
        <strong>{money(grant.amount)} bonus</strong>
        <span className={STATUS_BADGE[grant.status] ?? 'badge'}>{STATUS_LABEL[grant.status]}</span>
      </div>
      {grant.status === 'active' && <Progress grant={grant} />}
      <p className="muted promo-mine__meta">
        {grant.status === 'active'
          ? `${money(grant.remaining)} left · stakes at odds ${fmtOdds(grant.minOdds)}+ count · expires ${dateTime(grant.expiresAt)}`
          : grant.status === 'converted'
            ? 'Wagering met: paid into your balance.'
            : `Expired ${dateTime(grant.expiresAt)}`}
      </p>
    </li>
  );
}

function TokenLine({ token }: { token: FreeBetToken }) {
  return (
    <li className="promo-mine__item">
      <div className="promo-mine__line">
        <strong>{money(token.amount)} free bet</strong>
        <span className={STATUS_BADGE[token.status] ?? 'badge'}>{STATUS_LABEL[token.status]}</span>
      </div>
      <p className="muted promo-mine__meta">
        {token.status === 'active'
          ? `Odds ${fmtOdds(token.minOdds)}+ · use it in the bet slip · expires ${dateTime(token.expiresAt)}`
          : token.status === 'used'
            ? 'Placed on a bet.'
            : `Expired ${dateTime(token.expiresAt)}`}
      </p>
    </li>
  );
}

function MyPromotions({ titles }: { titles: Map<string, string> }) {
  const { promotions, error, load } = useMyPromotions();
  return (
    <section className="promo-mine" aria-labelledby="promo-mine-title">
      <h2 id="promo-mine-title">My Promotions</h2>
      {error && promotions === null ? (
        <ErrorText onRetry={() => void load()}>{error}</ErrorText>
      ) : promotions === null ? (
        <Spinner />
      ) : promotions.length === 0 ? (
        <EmptyState title="No Promotions Claimed">Offers you claim show here with their progress.</EmptyState>
      ) : (
        <ul className="promo-grid" aria-label="My promotions">
          {promotions.map((m: MyPromotion) => (
            <li key={m.claimId} className="card promo-card">
              <div className="promo-card__head">
                <h3 className="card__title">{titles.get(m.promotionId) ?? 'Promotion'}</h3>
                <span className={CLAIM_BADGE[m.status] ?? 'badge'}>{CLAIM_LABEL[m.status]}</span>
              </div>
              <p className="muted promo-mine__meta">Claimed {dateTime(m.claimedAt)}</p>
              <ul className="promo-mine__list">
                {m.grants.map((g) => (
                  <GrantLine key={g._id} grant={g} />
                ))}
                {m.freeBets.map((t) => (
                  <TokenLine key={t._id} token={t} />
                ))}
                {m.grants.length === 0 && m.freeBets.length === 0 && (
                  <li className="muted promo-mine__meta">
                    {m.kind === 'deposit_match'
                      ? 'Your bonus is added with your next deposit.'
                      : 'Nothing granted yet.'}
                  </li>
                )}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Promotions & Offers: what is active and unexpired right now (spec 000 §2), its terms and claims (issue 33). */
export default function Promotions() {
  const list = useApi<Answer<'/promotions'>>('/promotions');
  const promotions = list.data?.promotions ?? [];
  const status = useSession((s) => s.status);
  const mine = useMyPromotions((s) => s.promotions);
  useEffect(() => {
    if (status === 'authenticated') void useMyPromotions.getState().load();
  }, [status]);
  const claimed = new Set((mine ?? []).map((m) => m.promotionId));
  const titles = new Map(promotions.map((p) => [p._id, p.title]));
  return (
    <section className="page">
      <h1>Promotions &amp; Offers</h1>
      {list.error ? (
        <ErrorText onRetry={list.reload}>{list.error}</ErrorText>
      ) : list.loading && !list.data ? (
        <Spinner />
      ) : promotions.length === 0 ? (
        <EmptyState title="No Active Promotions">Check back soon for new offers.</EmptyState>
      ) : (
        <ul className="promo-grid" aria-label="Offers">
          {promotions.map((p) => (
            <OfferCard key={p._id} promo={p} claimed={claimed.has(p._id)} />
          ))}
        </ul>
      )}
      {status === 'authenticated' && <MyPromotions titles={titles} />}
    </section>
  );
}
