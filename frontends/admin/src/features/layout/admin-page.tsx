// The frame of an admin page: a way back to the admin dashboard, the page's heading and its actions.
import { AppLink } from '@civic/frontend-kit';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';

export function AdminPage({
  title,
  description,
  actions,
  backToDashboard = true,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  backToDashboard?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      {backToDashboard && (
        <AppLink href="/admin" className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> Admin Dashboard
        </AppLink>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-600">{description}</p>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
