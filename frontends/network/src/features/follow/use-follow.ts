// Follow and unfollow (spec 4 "Follow", 7.3): POST or DELETE /api/users/{id}/follow. Spec 8's toasts;
// a 401 opens the sign-in dialog instead (the kit's MutationCache does that for every mutation).
import type { TFollowResponse } from '@civic/contracts/social/network';
import { apiRequestJson, isUnauthorizedError, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { followPath } from '../../api/network-paths.ts';
import { afterNetworkChange } from '../counts/after-network-change.ts';
import { FOLLOW_TEXTS, nameOf } from '../texts/network-texts.ts';

export interface NetworkPerson {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

export function useFollow(person: NetworkPerson) {
  return useMutation({
    mutationFn: (follow: boolean) => apiRequestJson<TFollowResponse>(follow ? 'POST' : 'DELETE', followPath(person.id)),
    onSuccess: (result) => {
      const name = nameOf(person);
      toast(
        result.isFollowing
          ? { title: FOLLOW_TEXTS.followed, description: FOLLOW_TEXTS.followedDescription(name), variant: 'success' }
          : { title: FOLLOW_TEXTS.unfollowed, description: FOLLOW_TEXTS.unfollowedDescription(name), variant: 'success' },
      );
      void afterNetworkChange({
        userId: person.id,
        counts: { following: result.following },
        profile: { isFollowing: result.isFollowing, followers: result.followers },
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: FOLLOW_TEXTS.errorTitle, description: FOLLOW_TEXTS.failed, variant: 'destructive' });
    },
  });
}
