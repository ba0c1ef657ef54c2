// Issue 38: a magic link opened in another browser than the one that asked for it (a phone) shows a
// page that says so, with a button that asks for the address again; the link still signs in the
// browser that asked for it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SIGN_IN_MESSAGES } from '@civic/contracts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { DESKTOP_VIEWPORT, newSession, PHONE_VIEWPORT } from '../support/browser.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { answerNamePrompt, dialog, openSignInDialog, uniqueEmail, waitForDashboard } from './browser-helpers.ts';

describe('a magic link opened in another browser', { skip: browserTestsSkip() }, () => {
  const { server } = useBrowserTestServer();

  for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
    test(`says so at ${viewport.width} px and offers a new link to this browser`, async () => {
      const asker = await newSession(server.baseUrl);
      const phone = await newSession(server.baseUrl, { viewport });
      try {
        await asker.page.goto('/');
        await openSignInDialog(asker.page);
        const email = uniqueEmail(`elsewhere-${viewport.width}`);
        await dialog(asker.page).getByLabel('Email address').fill(email);
        await dialog(asker.page).getByRole('button', { name: 'Send Magic Link' }).click();
        await dialog(asker.page).getByRole('status').waitFor();
        const { link } = await server.readLatestMail(email);
        assert.ok(link, 'the mail carries a sign-in link');

        await phone.page.goto(link);
        const notice = phone.page.getByRole('region', { name: 'Sign-in link opened in another browser' });
        await notice.getByText(SIGN_IN_MESSAGES.linkOtherBrowser, { exact: true }).waitFor();
        assert.equal(new URL(phone.page.url()).search, '', 'the token is gone from the address');
        await expectNoSeriousA11yViolations(phone.page, `the other-browser page at ${viewport.width} px`);
        // The address is asked for, never shown: the page knows nothing of the link's mailbox.
        assert.ok(!(await phone.page.content()).includes(email), 'the page does not show the address');
        await notice.getByRole('button', { name: 'Send a new link to this browser' }).click();
        const field = dialog(phone.page).getByLabel('Email address');
        await field.waitFor();
        assert.equal(await field.inputValue(), '');
        await expectNoSeriousA11yViolations(phone.page, `the sign-in dialog over it at ${viewport.width} px`);

        // Refusing the phone used nothing up: the link signs in the browser that asked for it.
        await asker.page.goto(link);
        await answerNamePrompt(asker.page, 'Asker');
        await waitForDashboard(asker.page);
        assert.deepEqual([...asker.errors, ...phone.errors], [], 'no script errors on the pages');
      } finally {
        await Promise.all([asker.close(), phone.close()]);
      }
    });
  }
});
