// All Priorities (spec 2.7) at /priorities. The card, filters, dialog and live updates live in this
// area; the dashboard's Top Priorities reuses them through Module Federation (src/shared.tsx).
import { AreaRoot, KitProviders } from '@civic/frontend-kit';
import { AllPrioritiesPage } from './features/all-priorities/all-priorities-page.tsx';
import './styles.css';

export default function PrioritiesRoot() {
  return (
    <KitProviders>
      <AreaRoot name="priorities">
        <main className="flex-1 bg-slate-50">
          <AllPrioritiesPage />
        </main>
      </AreaRoot>
    </KitProviders>
  );
}
