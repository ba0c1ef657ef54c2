// All Priorities (spec 2.7) at /priorities.
import { KitProviders } from '@civic/frontend-kit';

export default function PrioritiesRoot() {
  return (
    <KitProviders>
      <main className="flex-1 bg-slate-50" />
    </KitProviders>
  );
}
