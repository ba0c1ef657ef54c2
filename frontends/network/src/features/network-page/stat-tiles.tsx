// The four tiles of spec 2.9: followers, following, recruited (social's) and political capital.
import { formatPoliticalCapital } from '@civic/frontend-kit';
import { Coins, UserCheck, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OwnCounts } from '../counts/use-own-counts.ts';

export function NetworkStatTiles({ counts, politicalCapital }: { counts: OwnCounts; politicalCapital: number }) {
  const tiles: { label: string; value: string; icon: ReactNode }[] = [
    { label: 'Followers', value: counts.followers.toLocaleString('en-US'), icon: <Users className="size-5 text-primary" aria-hidden="true" /> },
    { label: 'Following', value: counts.following.toLocaleString('en-US'), icon: <UserCheck className="size-5 text-primary" aria-hidden="true" /> },
    { label: 'Recruited', value: counts.recruited.toLocaleString('en-US'), icon: <UserPlus className="size-5 text-accent" aria-hidden="true" /> },
    { label: 'Political Capital', value: formatPoliticalCapital(politicalCapital), icon: <Coins className="size-5 text-accent" aria-hidden="true" /> },
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
