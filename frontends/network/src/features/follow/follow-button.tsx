// The follow control (spec 2.9 Unfollow / Follow Back, 2.10): one button that toggles; it waits while
// its request runs. The accessible name carries the citizen's name, so a list's buttons differ.
import { Button, type ButtonProps } from '@civic/frontend-kit';
import { UserCheck, UserMinus, UserPlus } from 'lucide-react';
import { FOLLOW_TEXTS, nameOf } from '../texts/network-texts.ts';
import { type NetworkPerson, useFollow } from './use-follow.ts';

export interface FollowButtonProps {
  person: NetworkPerson;
  isFollowing: boolean;
  /** They follow the viewer: the button offers "Follow Back". */
  followsYou?: boolean;
  size?: ButtonProps['size'];
}

export function FollowButton({ person, isFollowing, followsYou = false, size = 'sm' }: FollowButtonProps) {
  const follow = useFollow(person);
  const label = isFollowing ? FOLLOW_TEXTS.unfollow : followsYou ? FOLLOW_TEXTS.followBack : FOLLOW_TEXTS.follow;
  const Icon = isFollowing ? UserMinus : followsYou ? UserCheck : UserPlus;
  return (
    <Button
      size={size}
      variant={isFollowing ? 'outline' : 'primary'}
      disabled={follow.isPending}
      aria-label={`${label} ${nameOf(person)}`}
      onClick={() => follow.mutate(!isFollowing)}
    >
      <Icon className="size-4" aria-hidden="true" /> {label}
    </Button>
  );
}
