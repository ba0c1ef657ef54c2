// The kit's own single-spa applications; the framework-free root config registers them.
// The signed-in chrome (navbar with its menus and drawer) and the awaiting-approval notice are fetched
// when first mounted, so the signed-out landing page does not download them.
import { ChromeFooter } from '../features/footer/chrome-footer.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { createMicroFrontendLifecycles } from './create-lifecycles.tsx';
import { Overlays } from './overlays.tsx';

export const overlaysApplication = createMicroFrontendLifecycles(async () => ({ default: Overlays }));
export const navbarApplication = createMicroFrontendLifecycles(() => import('../features/navigation/navbar.tsx').then((m) => ({ default: m.Navbar })));
export const footerApplication = createMicroFrontendLifecycles(async () => ({ default: ChromeFooter }));
export const notFoundApplication = createMicroFrontendLifecycles(async () => ({ default: NotFoundPage }));
export const awaitingApprovalApplication = createMicroFrontendLifecycles(() =>
  import('../features/awaiting-approval/awaiting-approval-page.tsx').then((m) => ({ default: m.AwaitingApprovalPage })),
);
