import { useSession } from '@bet/web-shell/core';
import { ForYouCard } from './ForYouCard';
import { HeadlinesPanel } from './HeadlinesPanel';
import { NewsSummaryCard } from './NewsSummaryCard';
import { QuickTipsCard } from './QuickTipsCard';

/** The Home cards: headlines for everyone, For You and the summary for signed-in players. */
export function HomeCards() {
  const status = useSession((s) => s.status);
  const signedIn = status === 'authenticated';
  return (
    <div className="ai-cards">
      {signedIn && <ForYouCard />}
      {signedIn && <NewsSummaryCard />}
      <QuickTipsCard signedIn={signedIn} />
      <HeadlinesPanel />
    </div>
  );
}
