import type { CurrentUser } from '../../auth/current-user.ts';
import { initialsOf } from '../../auth/user-display.ts';

export function UserAvatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className="size-8 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-white">
      {initialsOf(user)}
    </span>
  );
}
