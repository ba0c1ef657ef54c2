// The root config's application table: which single-spa application is active where (spec 2.1, 2.2).
import { registerApplication } from 'single-spa';
import {
  footerApplication,
  navbarApplication,
  notFoundApplication,
  overlaysApplication,
  readAuthState,
} from '@civic/frontend-kit';
import { loadMicroFrontend } from './remotes/load-micro-frontend.ts';
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

const screenIsShown = (screen: Screen) => (location: Location) =>
  resolveScreen(location.pathname, readAuthState()) === screen;

const chromeIsShown = () => showsChrome(readAuthState());

export function registerApplications(): void {
  registerApplication({
    name: '@civic/navbar',
    app: async () => navbarApplication,
    activeWhen: chromeIsShown,
    customProps: { domElement: containerIn('civic-navbar', 'navbar') },
  });
  registerApplication({
    name: '@civic/landing',
    app: () => loadMicroFrontend('landing'),
    activeWhen: screenIsShown('landing'),
    customProps: { domElement: containerIn('civic-main', 'landing') },
  });
  registerApplication({
    name: '@civic/dashboard',
    app: () => loadMicroFrontend('dashboard'),
    activeWhen: screenIsShown('dashboard'),
    customProps: { domElement: containerIn('civic-main', 'dashboard') },
  });
  registerApplication({
    name: '@civic/priorities',
    app: () => loadMicroFrontend('priorities'),
    activeWhen: screenIsShown('priorities'),
    customProps: { domElement: containerIn('civic-main', 'priorities') },
  });
  registerApplication({
    name: '@civic/profile',
    app: () => loadMicroFrontend('profile'),
    activeWhen: screenIsShown('profile'),
    customProps: { domElement: containerIn('civic-main', 'profile') },
  });
  registerApplication({
    name: '@civic/settings',
    app: () => loadMicroFrontend('settings'),
    activeWhen: screenIsShown('settings'),
    customProps: { domElement: containerIn('civic-main', 'settings') },
  });
  registerApplication({
    name: '@civic/not-found',
    app: async () => notFoundApplication,
    activeWhen: screenIsShown('not-found'),
    customProps: { domElement: containerIn('civic-main', 'not-found') },
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
