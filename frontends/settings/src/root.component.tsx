// Settings (spec 2.11): account and its export, privacy, e-mail notifications, data counts and
// clearing the activity history, and the Danger Zone's account deletion.
import { AreaRoot, KitProviders } from '@civic/frontend-kit';
import { SettingsPage } from './features/settings-page/settings-page.tsx';
import './styles.css';

export default function SettingsRoot() {
  return (
    <KitProviders>
      <AreaRoot name="settings">
        <main className="flex-1 bg-slate-50">
          <SettingsPage />
        </main>
      </AreaRoot>
    </KitProviders>
  );
}
