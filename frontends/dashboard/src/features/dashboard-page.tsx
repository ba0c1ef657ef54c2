// Home dashboard (spec 2.5): hero, stat tiles, Top Priorities This Week with its filters, and the
// side cards. One Create Priority dialog (the priorities area's) serves the hero, Quick Actions and
// the empty list; the briefing area's Contribute Document dialog serves "Submit Talking Point".
import { Suspense, useState } from 'react';
import { ContributeDocumentDialog } from '../remotes/briefing.tsx';
import { CreatePriorityDialog } from '../remotes/priorities.tsx';
import { RemotePartBoundary } from '../remotes/remote-part-boundary.tsx';
import { useDailyLogin } from './daily-login/use-daily-login.ts';
import { DashboardHero } from './hero/dashboard-hero.tsx';
import { BriefingRoomCard } from './sidebar/briefing-room-card.tsx';
import { PoliticalCapitalCard } from './sidebar/political-capital-card.tsx';
import { QuickActions } from './sidebar/quick-actions.tsx';
import { RecentActivity } from './sidebar/recent-activity.tsx';
import { YourNetwork } from './sidebar/your-network.tsx';
import { StatTiles } from './stats/stat-tiles.tsx';
import { TopPriorities } from './top-priorities/top-priorities.tsx';

export function DashboardPage() {
  const [creating, setCreating] = useState(false);
  const [contributing, setContributing] = useState(false);
  // The briefing area's code is fetched when "Submit Talking Point" is first pressed, not with the page.
  const [contributeWanted, setContributeWanted] = useState(false);
  const contribute = () => {
    setContributeWanted(true);
    setContributing(true);
  };
  useDailyLogin();
  const create = () => setCreating(true);
  return (
    <>
      <DashboardHero onCreate={create} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
        <StatTiles />
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <TopPriorities onCreate={create} />
          </div>
          <aside aria-label="Your dashboard" className="grid content-start gap-6">
            <QuickActions onCreate={create} onContribute={contribute} />
            <YourNetwork />
            <BriefingRoomCard />
            <PoliticalCapitalCard />
            <RecentActivity />
          </aside>
        </div>
      </div>
      {/* Loaded with the priorities area's list; nothing to show until it is opened. */}
      <RemotePartBoundary fallback={null}>
        <Suspense fallback={null}>
          <CreatePriorityDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      </RemotePartBoundary>
      {contributeWanted && (
        <RemotePartBoundary fallback={null}>
          <Suspense fallback={null}>
            <ContributeDocumentDialog open={contributing} onOpenChange={setContributing} />
          </Suspense>
        </RemotePartBoundary>
      )}
    </>
  );
}
