// The four dashboard tiles (spec 2.5) from /api/stats; spec 9's fallback figures when the call fails,
// or for a figure its answer does not carry.
import type { TStats } from '@civic/contracts/priorities/http';
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

/** The figure to show for one tile: the answer's when it is a number, the fallback otherwise. */
export function statFigure(answer: unknown, key: keyof TStats): number {
  const figure = typeof answer === 'object' && answer !== null ? (answer as Partial<Record<keyof TStats, unknown>>)[key] : undefined;
  return typeof figure === 'number' && Number.isFinite(figure) ? figure : FALLBACK_STATS[key];
}

export function StatTiles() {
  const stats = useQuery<TStats>({ queryKey: STATS_QUERY_KEY });
  // Placeholders until the first answer (or failure); then each figure, or its fallback.
  const answered = stats.isError || stats.isSuccess;
  return (
    <section aria-label="Platform statistics">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ key, label, icon: Icon, tint }) => (
          // The tile itself is the term/definition group: a <dl> may hold only <dt>/<dd> and <div>s of
          // them, so the icon lives in the term (hidden from assistive technology) and is placed
          // beside the figures from there (WCAG 1.3.1; axe's definition-list and dlitem rules).
          <Card key={key} className="relative flex min-w-0 flex-col-reverse p-4 sm:pl-[4.5rem]">
            <dt className="text-sm text-slate-600">
              <span
                aria-hidden="true"
                className={`absolute top-1/2 left-4 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full sm:flex ${tint}`}
              >
                <Icon className="size-5" />
              </span>
              {label}
            </dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums" aria-busy={answered ? undefined : true}>
              {answered ? (
                String(statFigure(stats.isError ? undefined : stats.data, key))
              ) : (
                <span className="inline-block h-7 w-14 animate-pulse rounded bg-slate-200" />
              )}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
