// The four tiles of spec 2.9 from GET /api/auth/user: followers, following, recruited, political capital.
import { type CurrentUser, formatPoliticalCapital } from '@civic/frontend-kit';
import { Coins, UserCheck, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';

export function NetworkStatTiles({ user }: { user: CurrentUser }) {
  const tiles: { label: string; value: string; icon: ReactNode }[] = [
    { label: 'Followers', value: user.followers.toLocaleString('en-US'), icon: <Users className="size-5 text-primary" aria-hidden="true" /> },
    { label: 'Following', value: user.following.toLocaleString('en-US'), icon: <UserCheck className="size-5 text-primary" aria-hidden="true" /> },
    { label: 'Recruited', value: user.recruited.toLocaleString('en-US'), icon: <UserPlus className="size-5 text-accent" aria-hidden="true" /> },
    { label: 'Political Capital', value: formatPoliticalCapital(user.politicalCapital), icon: <Coins className="size-5 text-accent" aria-hidden="true" /> },
  ];
  return (
    <dl aria-label="Network statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map(({ label, value, icon }) => (
        <div key={label} className="flex flex-col-reverse gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-sm text-slate-600">
            {icon} {label}
          </dt>
          <dd className="text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
