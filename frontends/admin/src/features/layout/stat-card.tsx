// One count of a page's summary row (the label reads before the number for screen readers).
import { Card, cn } from '@civic/frontend-kit';
import type { ReactNode } from 'react';

export function StatCard({ label, value, icon, tone = 'text-slate-900' }: { label: string; value: ReactNode; icon?: ReactNode; tone?: string }) {
  return (
    <Card className="flex items-center justify-between gap-2 p-3 sm:p-4">
      <dl>
        <dt className="text-sm text-slate-600">{label}</dt>
        <dd className={cn('text-2xl font-bold', tone)}>{value}</dd>
      </dl>
      {icon}
    </Card>
  );
}
