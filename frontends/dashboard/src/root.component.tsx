// Home dashboard (spec 2.5), shown at / when signed in (signed out, / is the landing page).
import { AreaRoot, KitProviders } from '@civic/frontend-kit';
import { DashboardPage } from './features/dashboard-page.tsx';
import './styles.css';

export default function DashboardRoot() {
  return (
    <KitProviders>
      <AreaRoot name="dashboard">
        <main className="flex-1 bg-slate-50">
          <DashboardPage />
        </main>
      </AreaRoot>
    </KitProviders>
  );
}
