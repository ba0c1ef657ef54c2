// The root config's application table: which single-spa application is active where (spec 2.1, 2.2).
import { registerApplication } from 'single-spa';
import {
  awaitingApprovalApplication,
  footerApplication,
  navbarApplication,
  notFoundApplication,
  overlaysApplication,
  readAuthState,
} from '@civic/frontend-kit';
import { accessDeniedApplication, isAdminSession } from './remotes/admin-gate.ts';
import { failedMicroFrontend } from './remotes/failed-micro-frontend.ts';
import { loadMicroFrontend } from './remotes/load-micro-frontend.ts';
import { REMOTE_CONTAINERS, type RemoteName } from './remotes/remote-names.ts';
import { resolveScreen, showsChrome, type Screen } from './routing/route-table.ts';

/** Each application gets its own container inside a layout slot of index.html. */
function containerIn(slotId: string, appName: string): HTMLElement {
  const slot = document.getElementById(slotId);
  if (!slot) throw new Error(`index.html lacks the layout slot #${slotId}`);
  const container = document.createElement('div');
  container.dataset.application = appName;
  slot.append(container);
  return container;
}

/** A remote that fails to load shows the error notice in its place instead of a blank area; a
 *  non-admin's /admin* is answered by the shell without loading the admin remote (admin-gate.ts). */
const loadApplication = async (name: RemoteName) => {
  if (name === 'admin' && !isAdminSession()) return accessDeniedApplication;
  return loadMicroFrontend(name).catch((reason: unknown) => failedMicroFrontend(name, reason));
};

const screenIsShown = (screen: Screen) => (location: Location) => resolveScreen(location.pathname, readAuthState()) === screen;

const chromeIsShown = () => showsChrome(readAuthState());

export function registerApplications(): void {
  registerApplication({
    name: '@civic/navbar',
    app: async () => navbarApplication,
    activeWhen: chromeIsShown,
    customProps: { domElement: containerIn('civic-navbar', 'navbar') },
  });
  // One application per micro-frontend, each shown on the screen of the same name (route-table.ts).
  for (const name of Object.keys(REMOTE_CONTAINERS) as RemoteName[]) {
    registerApplication({
      name: `@civic/${name}`,
      app: () => loadApplication(name),
      activeWhen: screenIsShown(name),
      customProps: { domElement: containerIn('civic-main', name) },
    });
  }
  registerApplication({
    name: '@civic/not-found',
    app: async () => notFoundApplication,
    activeWhen: screenIsShown('not-found'),
    customProps: { domElement: containerIn('civic-main', 'not-found') },
  });
  registerApplication({
    name: '@civic/awaiting-approval',
    app: async () => awaitingApprovalApplication,
    activeWhen: screenIsShown('awaiting-approval'),
    customProps: { domElement: containerIn('civic-main', 'awaiting-approval') },
  });
  registerApplication({
    name: '@civic/footer',
    app: async () => footerApplication,
    activeWhen: chromeIsShown,
    customProps: { domElement: containerIn('civic-footer', 'footer') },
  });
  // Toasts and the sign-in dialog serve every screen.
  registerApplication({
    name: '@civic/overlays',
    app: async () => overlaysApplication,
    activeWhen: () => true,
    customProps: { domElement: containerIn('civic-overlays', 'overlays') },
  });
}
