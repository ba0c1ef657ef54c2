// Settings (spec 2.11): account, privacy, e-mail notifications and data counts. Export, clearing
// activity and account deletion arrive with their backend.
import { KitProviders } from '@civic/frontend-kit';
import { SettingsPage } from './features/settings-page/settings-page.tsx';

export default function SettingsRoot() {
  return (
    <KitProviders>
      <main className="flex-1 bg-slate-50">
        <SettingsPage />
      </main>
    </KitProviders>
  );
}
