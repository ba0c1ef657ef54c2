/// <reference lib="dom" />
// Closed or reviewed registration is said before a code is sent (issue 38 item 1): the landing page
// and the sign-in dialog show GET /api/registration's notice, and nothing when anyone can join. At
// desktop and phone width, axe clean.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { REGISTRATION_NOTICES } from '@civic/contracts';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../support/browser.ts';
import { setSetting, useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { dialog, openSignInDialog } from './browser-helpers.ts';

describe('the registration notice on the landing page and in the sign-in dialog', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer();

  test('closed, then reviewed, then open: each said on the landing page and in the dialog', async () => {
    try {
      for (const [enabled, approval, notice] of [
        ['false', 'false', REGISTRATION_NOTICES.closed],
        ['true', 'true', REGISTRATION_NOTICES.approvalRequired],
      ] as const) {
        setSetting(suite.server, 'registration_enabled', enabled);
        setSetting(suite.server, 'registration_approval_required', approval);
        for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
          const { page, errors } = await suite.start({ viewport });
          await page.goto('/');
          const hero = page.getByRole('region', { name: "Shape America's Future" });
          await hero.getByText(notice, { exact: true }).waitFor();
          await expectNoSeriousA11yViolations(page, `the landing page's notice at ${viewport.width} px`);
          await openSignInDialog(page);
          await dialog(page).getByText(notice, { exact: true }).waitFor();
          await expectNoSeriousA11yViolations(page, `the dialog's notice at ${viewport.width} px`);
          assert.deepEqual(
            errors.filter((error) => !error.includes('401')),
            [],
          );
        }
      }
    } finally {
      setSetting(suite.server, 'registration_enabled', 'true');
      setSetting(suite.server, 'registration_approval_required', 'false');
    }
    // Open to anyone: no notice.
    const { page } = await suite.start();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/registration');
    await page.goto('/');
    assert.deepEqual(await (await answered).json(), { open: true, approvalRequired: false });
    await openSignInDialog(page);
    await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
    for (const notice of Object.values(REGISTRATION_NOTICES)) assert.equal(await page.getByText(notice).count(), 0);
  });
});
