import { Tabs, tabId } from '@bet/web-shell/ui';
import { useState } from 'react';
import { HighestOdds } from '../leaderboards/HighestOdds';
import { Winners } from '../leaderboards/Winners';

type Board = 'winners' | 'odds';
const BOARDS: Array<{ value: Board; label: string }> = [
  { value: 'winners', label: 'Top Winners' },
  { value: 'odds', label: 'Highest Odds' },
];

export default function Leaderboards() {
  const [tab, setTab] = useState<Board>('winners');
  return (
    <section className="page">
      <h1>Leaderboards</h1>
      <Tabs items={BOARDS} value={tab} onChange={setTab} label="Leaderboards" panelId="lb-panel" />
      <div id="lb-panel" role="tabpanel" aria-labelledby={tabId('lb-panel', tab)} className="card">
        {tab === 'winners' ? <Winners /> : <HighestOdds />}
      </div>
    </section>
  );
}
