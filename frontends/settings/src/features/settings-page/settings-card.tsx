// One card per settings section, a region named by its heading (tests and screen readers find it so).
import { Card, cn } from '@civic/frontend-kit';
import type { ReactNode } from 'react';

export function SettingsCard({
  id,
  title,
  icon,
  description,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  description: string;
  /** danger: red border and heading, for irreversible actions. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const danger = tone === 'danger';
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className={cn('p-6', danger && 'border-red-300')}>
      <h2 id={`${id}-title`} className={cn('flex items-center gap-2 text-lg font-semibold', danger ? 'text-red-700' : 'text-slate-900')}>
        {icon} {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4 grid gap-4">{children}</div>
    </Card>
  );
}
