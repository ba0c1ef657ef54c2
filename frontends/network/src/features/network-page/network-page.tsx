// The Network page (spec 2.9): tiles, the Discover / Following (n) / Followers (n) tabs or, at
// ?tab=blocked, the blocked-users view; beside them Network Growth, Network Activity and the recruit card.
import { AppLink, Card, type CurrentUser, Tabs, TabsContent, TabsList, TabsTrigger, useAuth } from '@civic/frontend-kit';
import { ArrowLeft, Ban } from 'lucide-react';
import { NetworkActivityCard } from '../activity/network-activity-card.tsx';
import { BlockedUsersList } from '../block/blocked-users-list.tsx';
import { type OwnCounts, useOwnCounts } from '../counts/use-own-counts.ts';
import { DiscoverTab } from '../discover/discover-tab.tsx';
import { GrowthCard } from '../growth/growth-card.tsx';
import { FollowersList, FollowingList } from '../people/people-lists.tsx';
import { RecruitCard } from '../recruit/recruit-card.tsx';
import { NETWORK_TEXTS } from '../texts/network-texts.ts';
import type { NetworkTab } from './network-tab.ts';
import { NetworkStatTiles } from './stat-tiles.tsx';
import { useNetworkTab } from './use-network-tab.ts';

export function NetworkPage() {
  const { user } = useAuth();
  const counts = useOwnCounts(user);
  const [tab, setTab] = useNetworkTab();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{NETWORK_TEXTS.title}</h1>
        <p className="mt-1 text-slate-600">{NETWORK_TEXTS.subtitle}</p>
      </header>
      {user && counts ? (
        <>
          <NetworkStatTiles counts={counts} politicalCapital={user.politicalCapital} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              {tab === 'blocked' ? <BlockedView /> : <NetworkTabs user={user} counts={counts} tab={tab} onTab={setTab} />}
            </div>
            <aside className="grid content-start gap-6" aria-label="Your network">
              <GrowthCard />
              <NetworkActivityCard />
              <RecruitCard userId={user.id} />
            </aside>
          </div>
        </>
      ) : (
        <p role="status" className="text-slate-600">
          {NETWORK_TEXTS.loading}
        </p>
      )}
    </div>
  );
}

interface NetworkTabsProps {
  user: CurrentUser;
  counts: OwnCounts;
  tab: Exclude<NetworkTab, 'blocked'>;
  onTab: (tab: NetworkTab) => void;
}

function NetworkTabs({ user, counts, tab, onTab }: NetworkTabsProps) {
  return (
    <Card className="p-4 sm:p-6">
      <Tabs value={tab} onValueChange={(value) => onTab(value as NetworkTab)}>
        <TabsList className="grid-cols-3">
          <TabsTrigger value="discover">{NETWORK_TEXTS.discover}</TabsTrigger>
          <TabsTrigger value="following">{`${NETWORK_TEXTS.following} (${counts.following.toLocaleString('en-US')})`}</TabsTrigger>
          <TabsTrigger value="followers">{`${NETWORK_TEXTS.followers} (${counts.followers.toLocaleString('en-US')})`}</TabsTrigger>
        </TabsList>
        <TabsContent value="discover">
          <DiscoverTab />
        </TabsContent>
        <TabsContent value="following">
          <FollowingList userId={user.id} />
        </TabsContent>
        <TabsContent value="followers">
          <FollowersList userId={user.id} />
        </TabsContent>
      </Tabs>
    </Card>
  );
}

function BlockedView() {
  return (
    <Card role="region" aria-labelledby="network-blocked-title" className="p-4 sm:p-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="network-blocked-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Ban className="size-5 text-red-700" aria-hidden="true" /> {NETWORK_TEXTS.blocked}
        </h2>
        <AppLink href="/network" className="flex items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> {NETWORK_TEXTS.backToNetwork}
        </AppLink>
      </div>
      <BlockedUsersList />
    </Card>
  );
}
