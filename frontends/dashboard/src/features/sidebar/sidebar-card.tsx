// A dashboard side card: a region named by its heading (tests and screen readers find it so).
import { Card } from '@civic/frontend-kit';
import { useId, type ReactNode } from 'react';

export function SidebarCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="p-5">
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        {icon} {title}
      </h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}
