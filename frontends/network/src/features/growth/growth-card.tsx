// Network Growth (spec 2.9): the caller's new followers of the last 7 and 30 days, computed by social
// (GET /api/network/growth), in the spec's "+N this week" / "+N this month" form.
import type { TNetworkGrowth } from '@civic/contracts/social/network';
import { useQuery } from '@tanstack/react-query';
import { TrendingUp } from 'lucide-react';
import { GROWTH_PATH } from '../../api/network-paths.ts';
import { SideCard } from '../network-page/side-card.tsx';
import { growthText, NETWORK_TEXTS } from '../texts/network-texts.ts';

export function GrowthCard() {
  const growth = useQuery<TNetworkGrowth>({ queryKey: [GROWTH_PATH] });
  return (
    <SideCard id="network-growth" title={NETWORK_TEXTS.growthTitle} icon={<TrendingUp className="size-5 text-green-700" aria-hidden="true" />}>
      {growth.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          {NETWORK_TEXTS.loading}
        </p>
      ) : growth.isError ? (
        <p className="text-sm text-slate-500">{NETWORK_TEXTS.loadFailed}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          <li className="flex items-center justify-between">
            <span className="text-slate-600">New followers</span>
            <span className="font-semibold text-green-700">{growthText(growth.data.thisWeek, 'week')}</span>
          </li>
          <li className="flex items-center justify-between">
            <span className="text-slate-600">New followers</span>
            <span className="font-semibold text-green-700">{growthText(growth.data.thisMonth, 'month')}</span>
          </li>
        </ul>
      )}
    </SideCard>
  );
}
