// Your Network (spec 2.5): the current user's followers, following and recruited counts, from social
// (their owner); the current user's copy stands in until social answers.
import type { TNetworkStanding } from '@civic/contracts/social/network';
import { useAuth } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { standingPath } from '../../api/queries.ts';
import { SidebarCard } from './sidebar-card.tsx';

export function YourNetwork() {
  const { user } = useAuth();
  const standing = useQuery<TNetworkStanding>({ queryKey: [standingPath(user?.id ?? '')], enabled: user !== null }).data;
  const counts = [
    { label: 'Followers', value: standing?.followers ?? user?.followers },
    { label: 'Following', value: standing?.following ?? user?.following },
    { label: 'Recruited', value: standing?.recruited ?? user?.recruited },
  ];
  return (
    <SidebarCard title="Your Network" icon={<Users className="size-5 text-primary" aria-hidden="true" />}>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {counts.map(({ label, value }) => (
          <div key={label} className="flex flex-col-reverse rounded-md bg-slate-50 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{value ?? 0}</dd>
          </div>
        ))}
      </dl>
    </SidebarCard>
  );
}
