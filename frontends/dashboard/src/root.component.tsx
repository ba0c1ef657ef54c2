// Home dashboard (spec 2.5). The walking skeleton has the hero only; tiles, lists and the
// daily-login credit arrive with the services that feed them.
import { KitProviders } from '@civic/frontend-kit';
import { DashboardHero } from './features/hero/dashboard-hero.tsx';

export default function DashboardRoot() {
  return (
    <KitProviders>
      <main className="flex-1">
        <DashboardHero />
      </main>
    </KitProviders>
  );
}
