// Block and unblock (spec 4 "Block", 7.3): POST or DELETE /api/users/{id}/block. A block cuts the
// follow edges both ways, so the caller's counts and the other profile's follow state change too.
// Spec 8: "User Blocked" / "User Unblocked"; "Failed to update block status"; a 401 opens sign-in.
import type { TBlockResponse } from '@civic/contracts/social/network';
import { apiRequestJson, isUnauthorizedError, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { blockPath } from '../../api/network-paths.ts';
import { afterNetworkChange } from '../counts/after-network-change.ts';
import type { NetworkPerson } from '../follow/use-follow.ts';
import { BLOCK_TEXTS, nameOf } from '../texts/network-texts.ts';

export function useBlock(person: NetworkPerson) {
  return useMutation({
    mutationFn: (block: boolean) => apiRequestJson<TBlockResponse>(block ? 'POST' : 'DELETE', blockPath(person.id)),
    onSuccess: (result) => {
      const name = nameOf(person);
      toast(
        result.isBlocked
          ? { title: BLOCK_TEXTS.blocked, description: BLOCK_TEXTS.blockedDescription(name), variant: 'success' }
          : { title: BLOCK_TEXTS.unblocked, description: BLOCK_TEXTS.unblockedDescription(name), variant: 'success' },
      );
      void afterNetworkChange({
        userId: person.id,
        counts: { followers: result.followers, following: result.following },
        // A block cuts my follow of them; an unblock leaves the cut edges cut.
        profile: result.isBlocked ? { isBlocked: true, isFollowing: false } : { isBlocked: false },
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: BLOCK_TEXTS.errorTitle, description: BLOCK_TEXTS.failed, variant: 'destructive' });
    },
  });
}
