// Root config start-up: remote URLs and the session are settled first, so the first
// screen is already the right one (no landing-page flash for a signed-in visitor).
import { addErrorHandler, start, triggerAppChange } from 'single-spa';
import { ensureCsrfToken, loadCurrentUser, provideRemoteModuleLoader, subscribeAuthState, watchSessionEnd } from '@civic/frontend-kit';
import { registerApplications } from './register-applications.ts';
import { loadExposedModule } from './remotes/load-micro-frontend.ts';
import { registerRemoteUrls } from './remotes/remote-urls.ts';
import './styles.css';

async function startShell(): Promise<void> {
  // Spec 7.1: one start-up initialisation call whose failure is ignored; holding the
  // CSRF token early also saves a round trip on the first state-changing call.
  ensureCsrfToken().catch(() => undefined);

  addErrorHandler((error) => console.error(`single-spa application ${error.appOrParcelName} failed`, error));
  const [remotes] = await Promise.allSettled([registerRemoteUrls(), loadCurrentUser()]);
  if (remotes.status === 'rejected') console.error('Micro-frontends are unavailable', remotes.reason);

  // Areas reuse each other's exposed modules through the shell's registry of remotes.
  provideRemoteModuleLoader(loadExposedModule);
  registerApplications();
  // Sign-in and sign-out change the route table without a navigation.
  subscribeAuthState(() => void triggerAppChange());
  // A read refused mid-visit (the session ended) opens the sign-in dialog.
  watchSessionEnd();
  start({ urlRerouteOnly: true });
}

void startShell();
