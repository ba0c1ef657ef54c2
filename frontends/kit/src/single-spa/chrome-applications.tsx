// The kit's own single-spa applications; the framework-free root config registers them.
import { NamePromptDialog } from '../features/name-prompt/name-prompt-dialog.tsx';
import { SignInDialog } from '../features/sign-in/sign-in-dialog.tsx';
import { ChromeFooter } from '../features/footer/chrome-footer.tsx';
import { Navbar } from '../features/navigation/navbar.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { Toaster } from '../toast/toaster.tsx';
import { createMicroFrontendLifecycles } from './create-lifecycles.tsx';

function Overlays() {
  return (
    <>
      <SignInDialog />
      <NamePromptDialog />
      <Toaster />
    </>
  );
}

export const overlaysApplication = createMicroFrontendLifecycles(async () => ({ default: Overlays }));
export const navbarApplication = createMicroFrontendLifecycles(async () => ({ default: Navbar }));
export const footerApplication = createMicroFrontendLifecycles(async () => ({ default: ChromeFooter }));
export const notFoundApplication = createMicroFrontendLifecycles(async () => ({ default: NotFoundPage }));
