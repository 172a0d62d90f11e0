import { useState } from 'react';
import { HighestOdds } from '../leaderboards/HighestOdds';
import { Winners } from '../leaderboards/Winners';

export default function Leaderboards() {
  const [tab, setTab] = useState<'winners' | 'odds'>('winners');
  return (
    <section className="page">
      <h1>Leaderboards</h1>
      <div className="tabs" role="tablist" aria-label="Leaderboards">
        <button
          type="button"
          role="tab"
          id="lb-winners"
          aria-controls="lb-panel"
          aria-selected={tab === 'winners'}
          className="tab"
          onClick={() => setTab('winners')}
        >
          Top Winners
        </button>
        <button
          type="button"
          role="tab"
          id="lb-odds"
          aria-controls="lb-panel"
          aria-selected={tab === 'odds'}
          className="tab"
          onClick={() => setTab('odds')}
        >
          Highest Odds
        </button>
      </div>
      <div
        id="lb-panel"
        role="tabpanel"
        aria-labelledby={tab === 'winners' ? 'lb-winners' : 'lb-odds'}
        className="card"
      >
        {tab === 'winners' ? <Winners /> : <HighestOdds />}
      </div>
    </section>
  );
}
