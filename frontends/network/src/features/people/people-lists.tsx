// The Following and Followers tabs (spec 2.9): 50 at a time with Load More; following entries have
// Unfollow, followers have Follow Back (or Unfollow once followed back).
import type { TNetworkUser } from '@civic/contracts/social/network';
import { followersPath, followingPath } from '../../api/network-paths.ts';
import { FollowButton } from '../follow/follow-button.tsx';
import { NETWORK_TEXTS } from '../texts/network-texts.ts';
import { useListPages } from './list-pages.ts';
import { LoadMore } from './load-more.tsx';
import { ListState, PersonRow } from './person-row.tsx';

function PeopleList({ path, label, empty, followsYou }: { path: string; label: string; empty: string; followsYou: boolean }) {
  const list = useListPages<TNetworkUser>(path);
  return (
    <>
      <ListState
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={list.items?.length === 0}
        empty={empty}
        loading={NETWORK_TEXTS.loading}
        failed={NETWORK_TEXTS.loadFailed}
      />
      {list.items && list.items.length > 0 && (
        <ul aria-label={label} className="divide-y divide-slate-100">
          {list.items.map((person) => (
            <PersonRow key={person.id} person={person} actions={<FollowButton person={person} isFollowing={person.isFollowing} followsYou={followsYou} />} />
          ))}
        </ul>
      )}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </>
  );
}

export function FollowingList({ userId }: { userId: string }) {
  return <PeopleList path={followingPath(userId)} label={NETWORK_TEXTS.following} empty={NETWORK_TEXTS.noFollowing} followsYou={false} />;
}

export function FollowersList({ userId }: { userId: string }) {
  return <PeopleList path={followersPath(userId)} label={NETWORK_TEXTS.followers} empty={NETWORK_TEXTS.noFollowers} followsYou />;
}
