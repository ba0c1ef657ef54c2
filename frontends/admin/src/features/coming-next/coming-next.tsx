// /admin/users and /admin/moderation: routes of spec 2.1 whose screens come with the next issue.
import { Card } from '@civic/frontend-kit';
import { Construction } from 'lucide-react';
import { AdminPage } from '../layout/admin-page.tsx';

export function ComingNext({ title }: { title: string }) {
  return (
    <AdminPage title={title} description="This section is on its way.">
      <Card className="py-12 text-center">
        <Construction className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-2 font-medium text-slate-900">Coming next</p>
        <p className="text-sm text-slate-600">{title} arrives with the next release of the admin back office.</p>
      </Card>
    </AdminPage>
  );
}
