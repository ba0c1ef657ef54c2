// The four dashboard tiles (spec 2.5) from /api/stats; spec 9's fallback figures only when the call fails.
import type { TStats } from '@civic/contracts/http/priorities';
import { Card } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { FileText, Landmark, ListChecks, Users, type LucideIcon } from 'lucide-react';
import { STATS_QUERY_KEY } from '../../api/queries.ts';

/** spec 9 "Fallback statistics". */
export const FALLBACK_STATS: TStats = { totalIssues: 151, totalPriorities: 1547, activeCitizens: 9050, briefingDocs: 2684 };

const TILES: readonly { key: keyof TStats; label: string; icon: LucideIcon; tint: string }[] = [
  { key: 'totalIssues', label: 'Active Issues', icon: Landmark, tint: 'bg-blue-100 text-primary' },
  { key: 'totalPriorities', label: 'Citizen Priorities', icon: ListChecks, tint: 'bg-red-100 text-accent' },
  { key: 'activeCitizens', label: 'Active Citizens', icon: Users, tint: 'bg-green-100 text-green-800' },
  { key: 'briefingDocs', label: 'Talking Points', icon: FileText, tint: 'bg-amber-100 text-amber-800' },
];

export function StatTiles() {
  const stats = useQuery<TStats>({ queryKey: STATS_QUERY_KEY });
  const figures = stats.isError ? FALLBACK_STATS : stats.data;
  return (
    <section aria-label="Platform statistics">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ key, label, icon: Icon, tint }) => (
          <Card key={key} className="flex items-center gap-3 p-4">
            <span className={`hidden size-11 shrink-0 items-center justify-center rounded-full sm:flex ${tint}`}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="flex min-w-0 flex-col-reverse">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums" aria-busy={figures ? undefined : true}>
                {figures ? String(figures[key]) : <span className="inline-block h-7 w-14 animate-pulse rounded bg-slate-200" />}
              </dd>
            </div>
          </Card>
        ))}
      </dl>
    </section>
  );
}
