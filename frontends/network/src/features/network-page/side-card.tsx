// A side card of the Network page: a region named by its heading (tests and screen readers find it so).
import { Card } from '@civic/frontend-kit';
import type { ReactNode } from 'react';

export function SideCard({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="p-5">
      <h2 id={`${id}-title`} className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        {icon} {title}
      </h2>
      {children}
    </Card>
  );
}
