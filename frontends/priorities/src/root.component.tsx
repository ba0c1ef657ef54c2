// The priorities area: All Priorities (spec 2.7) at /priorities, and the Issues page (issue 38) at
// /issues with each issue's page at /issues/{id}, which lists its priorities with the same cards.
// The card, filters, dialog and live updates live in this area; the dashboard's Top Priorities
// reuses them through Module Federation (src/shared.tsx).
import { AreaRoot, KitProviders, useCurrentPath } from '@civic/frontend-kit';
import { AllPrioritiesPage } from './features/all-priorities/all-priorities-page.tsx';
import { IssuePage } from './features/issues/issue-page.tsx';
import { IssuesPage } from './features/issues/issues-page.tsx';
import './styles.css';

/** The page of a path the shell gives this area (frontends/shell/src/routing/route-table.ts). */
function PageOf({ path }: { path: string }) {
  if (path === '/issues') return <IssuesPage />;
  const issueId = /^\/issues\/(\d{1,9})$/.exec(path)?.[1];
  // Any other /issues/{segment} names no issue: the issue page answers "Issue not found" for it (id 0 is none).
  if (path.startsWith('/issues/')) return <IssuePage key={issueId ?? 0} issueId={Number(issueId ?? 0)} />;
  return <AllPrioritiesPage />;
}

export default function PrioritiesRoot() {
  const path = useCurrentPath();
  return (
    <KitProviders>
      <AreaRoot name="priorities">
        <main className="flex-1 bg-slate-50">
          <PageOf path={path} />
        </main>
      </AreaRoot>
    </KitProviders>
  );
}
