/// <reference lib="dom" />
// Refusals found in the browser say why in a toast too (issue 38 item 1): the sign-in dialog's own
// checks show spec 2.4's destructive toast with the inline alert, and an Edit Profile 400 shows
// "Failed to update profile" with the server's message. At desktop and phone width, axe clean.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../support/browser.ts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { dialog, openSignInDialog, requestCode, signInThroughApi, toastArea, uniqueEmail } from './browser-helpers.ts';

/** The destructive toast with this title and text, and the dialog's inline alert with the same text. */
async function expectAlertAndToast(page: Page, title: string, text: string): Promise<void> {
  await dialog(page).getByRole('alert').getByText(text, { exact: true }).waitFor();
  await toastArea(page).filter({ hasText: text }).getByText(title, { exact: true }).waitFor();
}

describe('refusals in the sign-in dialog and Edit Profile say why in a toast', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer();

  for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
    test(`at ${viewport.width} px: the sign-in dialog's checks show the alert and the destructive toast`, async () => {
      const { page, errors } = await suite.start({ viewport });
      await page.goto('/');
      await openSignInDialog(page);
      await dialog(page).getByLabel('Email address').fill('jane@example');
      await dialog(page).getByRole('button', { name: 'Send Magic Link' }).click();
      await expectAlertAndToast(page, 'Authentication Error', 'Please enter a valid email address');
      await expectNoSeriousA11yViolations(page, `the e-mail refusal at ${viewport.width} px`);

      await requestCode(page, uniqueEmail('refusal'));
      await dialog(page).getByLabel('Digit 1 of 6').click();
      await page.keyboard.type('12');
      await dialog(page).getByRole('button', { name: 'Verify Code' }).click();
      await expectAlertAndToast(page, 'Verification Failed', 'Please enter all 6 digits');
      await expectNoSeriousA11yViolations(page, `the code refusal at ${viewport.width} px`);
      assert.deepEqual(
        errors.filter((error) => !error.includes('401')),
        [],
      );
    });

    test(`at ${viewport.width} px: an Edit Profile 400 shows "Failed to update profile" with the server's message`, async () => {
      const { page, context, errors } = await suite.start({ viewport });
      const user = await signInThroughApi(context, suite.server, uniqueEmail('profile-refusal'), { firstName: 'Rhea', lastName: 'Refused' });
      await page.goto(`/profile/${user.id}`);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Profile' });
      // A rule only the server knows (the form's own checks pass): its 400 as the account service words it.
      const refusal = 'Bio contains a link that is not allowed';
      await page.route(/\/api\/users\/[^/]+\/profile$/, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: refusal, code: 'VALIDATION_FAILED' }) })
          : route.fallback(),
      );
      await editor.getByLabel('Bio').fill('Teacher and volunteer.');
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await toastArea(page).filter({ hasText: refusal }).getByText('Failed to update profile', { exact: true }).waitFor();
      await editor.getByText(refusal, { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page, `the Edit Profile refusal at ${viewport.width} px`);
      assert.deepEqual(
        errors.filter((error) => !error.includes('400')),
        [],
      );
    });
  }
});
