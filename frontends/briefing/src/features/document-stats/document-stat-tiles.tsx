// The Briefing Room's tiles (spec 2.8) from GET /api/briefing-docs/stats: Total Documents,
// Contributors, Added Today (the last 24 hours). No fallback figures: a failure says so.
import type { TBriefingDocStats } from '@civic/contracts/briefing/http';
import { Card } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, FileText, Users, type LucideIcon } from 'lucide-react';
import { DOCUMENT_STATS_QUERY_KEY } from '../document-listing/briefing-queries.ts';

const TILES: readonly { key: keyof TBriefingDocStats; label: string; icon: LucideIcon; tint: string }[] = [
  { key: 'totalDocuments', label: 'Total Documents', icon: FileText, tint: 'bg-blue-100 text-primary' },
  { key: 'contributors', label: 'Contributors', icon: Users, tint: 'bg-green-100 text-green-800' },
  { key: 'addedToday', label: 'Added Today', icon: CalendarPlus, tint: 'bg-amber-100 text-amber-800' },
];

export function DocumentStatTiles() {
  const stats = useQuery<TBriefingDocStats>({ queryKey: DOCUMENT_STATS_QUERY_KEY });
  return (
    <section aria-label="Briefing Room statistics">
      <dl className="grid grid-cols-3 gap-3 sm:gap-4">
        {TILES.map(({ key, label, icon: Icon, tint }) => (
          // As the dashboard's tiles: the tile is the term/definition group, the icon lives in the term.
          <Card key={key} className="relative flex min-w-0 flex-col-reverse p-3 sm:p-4 sm:pl-[4.5rem]">
            <dt className="text-xs text-slate-600 sm:text-sm">
              <span
                aria-hidden="true"
                className={`absolute top-1/2 left-4 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full sm:flex ${tint}`}
              >
                <Icon className="size-5" />
              </span>
              {label}
            </dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums" aria-busy={stats.isPending ? true : undefined}>
              {stats.isPending ? (
                <span className="inline-block h-7 w-10 animate-pulse rounded bg-slate-200" />
              ) : stats.isError ? (
                <span className="text-base font-normal text-slate-500">
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">Not available</span>
                </span>
              ) : (
                String(stats.data[key])
              )}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
