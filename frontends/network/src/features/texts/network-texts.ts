// The network's words: spec 2.9 and 8 verbatim where the spec gives them.
export const NETWORK_TEXTS = {
  title: 'Citizen Network',
  subtitle: 'Follow citizens, grow your network and recruit new voices.',
  discover: 'Discover',
  following: 'Following',
  followers: 'Followers',
  blocked: 'Blocked Users',
  /** Spec 2.9: Discover's placeholder while the search box is empty. */
  comingSoon: 'Coming Soon',
  comingSoonDescription: 'Type a name to find citizens with public profiles. More ways to discover citizens are on the way.',
  searchLabel: 'Search citizens',
  searchPlaceholder: 'Search citizens by name',
  searchTooShort: 'Type at least 2 characters.',
  searchEmpty: 'No citizens found.',
  noFollowing: "You're not following anyone yet.",
  noFollowers: 'No followers yet.',
  noBlocked: "You haven't blocked anyone.",
  loading: 'Loading...',
  loadFailed: 'This list could not be loaded.',
  backToNetwork: 'Back to Network',
  growthTitle: 'Network Growth',
  activityTitle: 'Network Activity',
  noActivity: 'No activity from the citizens you follow yet.',
  recruitTitle: 'Recruit Citizens',
  invitationLabel: 'Your invitation link',
  copyLink: 'Copy Link',
  copied: 'Link Copied',
  copiedDescription: 'Your invitation link is on the clipboard.',
  copyFailed: 'Copy the link from the box: the clipboard is not available.',
} as const;

/** The recruit card's text; the reward is recruit_user_reward as it stands (spec 9's 10 while it loads). */
export const recruitDescription = (reward: number) =>
  `Invite people you know. You earn +${reward.toLocaleString('en-US')} PC for every citizen who joins through your link.`;

/** Spec 2.9: "+N this week" / "+N this month". */
export const growthText = (count: number, period: 'week' | 'month') => `+${count.toLocaleString('en-US')} this ${period}`;

/** The follow control's words and spec 8's toasts. */
export const FOLLOW_TEXTS = {
  follow: 'Follow',
  followBack: 'Follow Back',
  unfollow: 'Unfollow',
  followed: 'User Followed',
  followedDescription: (name: string) => `You are now following ${name}.`,
  unfollowed: 'User Unfollowed',
  unfollowedDescription: (name: string) => `You are no longer following ${name}.`,
  errorTitle: 'Error',
  failed: 'Failed to update follow status. Please try again.',
} as const;

export const BLOCK_TEXTS = {
  block: 'Block User',
  unblock: 'Unblock User',
  /** The short button of the blocked list (spec 2.9: "each entry: View Profile, Unblock"). */
  unblockShort: 'Unblock',
  viewProfile: 'View Profile',
  blocked: 'User Blocked',
  blockedDescription: (name: string) => `${name} can no longer follow you or see your activity.`,
  unblocked: 'User Unblocked',
  unblockedDescription: (name: string) => `${name} has been unblocked.`,
  errorTitle: 'Error',
  failed: 'Failed to update block status',
  dialogTitle: 'Blocked Users',
  dialogDescription: 'Citizens you blocked cannot follow you, and neither of you sees the other’s activity.',
  manage: 'Blocked Users',
} as const;

interface Named {
  firstName: string | null;
  lastName: string | null;
}

export function nameOf(person: Named): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || 'Unnamed citizen';
}
