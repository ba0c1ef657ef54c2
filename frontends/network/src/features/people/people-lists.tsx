// The Following and Followers tabs (spec 2.9): the first 50 of each (the contracts' default page);
// following entries have Unfollow, followers have Follow Back (or Unfollow once followed back).
import type { TNetworkUser } from '@civic/contracts/http/network';
import { useQuery } from '@tanstack/react-query';
import { followersPath, followingPath } from '../../api/network-paths.ts';
import { FollowButton } from '../follow/follow-button.tsx';
import { NETWORK_TEXTS } from '../texts/network-texts.ts';
import { ListState, PersonRow } from './person-row.tsx';

export const useFollowing = (userId: string) => useQuery<TNetworkUser[]>({ queryKey: [followingPath(userId)] });
export const useFollowers = (userId: string) => useQuery<TNetworkUser[]>({ queryKey: [followersPath(userId)] });

export function FollowingList({ userId }: { userId: string }) {
  const following = useFollowing(userId);
  return (
    <>
      <ListState
        isPending={following.isPending}
        isError={following.isError}
        isEmpty={following.data?.length === 0}
        empty={NETWORK_TEXTS.noFollowing}
        loading={NETWORK_TEXTS.loading}
        failed={NETWORK_TEXTS.loadFailed}
      />
      {following.data && following.data.length > 0 && (
        <ul aria-label={NETWORK_TEXTS.following} className="divide-y divide-slate-100">
          {following.data.map((person) => (
            <PersonRow key={person.id} person={person} actions={<FollowButton person={person} isFollowing={person.isFollowing} />} />
          ))}
        </ul>
      )}
    </>
  );
}

export function FollowersList({ userId }: { userId: string }) {
  const followers = useFollowers(userId);
  return (
    <>
      <ListState
        isPending={followers.isPending}
        isError={followers.isError}
        isEmpty={followers.data?.length === 0}
        empty={NETWORK_TEXTS.noFollowers}
        loading={NETWORK_TEXTS.loading}
        failed={NETWORK_TEXTS.loadFailed}
      />
      {followers.data && followers.data.length > 0 && (
        <ul aria-label={NETWORK_TEXTS.followers} className="divide-y divide-slate-100">
          {followers.data.map((person) => (
            <PersonRow key={person.id} person={person} actions={<FollowButton person={person} isFollowing={person.isFollowing} followsYou />} />
          ))}
        </ul>
      )}
    </>
  );
}
