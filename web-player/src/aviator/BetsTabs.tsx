import { useState } from 'react';
import type { AviatorView } from './feed';
import { MyAviatorBets } from './MyAviatorBets';
import { RoundBets } from './RoundBets';
import { TopList } from './Top';

type Tab = 'all' | 'mine' | 'top';

/** All bets (this round, cash-outs as they happen) / My bets (history) / Top (day, month, year). */
export function BetsTabs({ view, signedIn }: { view: AviatorView; signedIn: boolean }) {
  const [tab, setTab] = useState<Tab>('all');
  const tabs: Array<[Tab, string]> = [
    ['all', 'All bets'],
    ...(signedIn ? [['mine', 'My bets'] as [Tab, string]] : []),
    ['top', 'Top'],
  ];
  return (
    <section className="aviator-tabs">
      <div role="tablist" aria-label="Bets" className="aviator-tabs__list">
        {tabs.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`aviator-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`aviator-tabpanel-${t}`}
            className="aviator-tabs__tab"
            onClick={() => setTab(t)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`aviator-tabpanel-${tab}`} aria-labelledby={`aviator-tab-${tab}`}>
        {tab === 'all' && <RoundBets view={view} />}
        {tab === 'mine' && <MyAviatorBets version={`${view.roundId}:${view.state}`} />}
        {tab === 'top' && <TopList />}
      </div>
    </section>
  );
}
