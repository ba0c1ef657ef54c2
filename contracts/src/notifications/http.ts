// Requests and answers of the notifications service: its only public path is the mail's
// unsubscribe link. Both answer HTML to a browser (the page a citizen sees after clicking the link in
// a mail) and JSON to anything else (a mail client's one-click POST, the tests).
import { z } from 'zod';
import { NOTIFICATION_SWITCHES, UNSUBSCRIBE_MESSAGES } from './messages.ts';
import { defineOperation } from '../shared/operation.ts';
import { NOTIFICATIONS_ROUTES } from './routes.ts';

/** `token` is what the mail's link carries; a missing or malformed one is the invalid-link answer. */
export const ZUnsubscribeQuery = z.object({
  token: z.string({ error: UNSUBSCRIBE_MESSAGES.invalid }).min(1, UNSUBSCRIBE_MESSAGES.invalid).max(1000, UNSUBSCRIBE_MESSAGES.invalid),
});

/** RFC 8058's body is `List-Unsubscribe=One-Click` (form-encoded); the page's button sends the same. */
export const ZUnsubscribeBody = z.object({ 'List-Unsubscribe': z.string().optional() }).optional();

export const ZUnsubscribeAnswer = z.object({
  switch: z.enum(NOTIFICATION_SWITCHES),
  /** true once the link has turned the switch off (POST); false on the confirmation page (GET). */
  unsubscribed: z.boolean(),
  message: z.string(),
});
export type TUnsubscribeAnswer = z.infer<typeof ZUnsubscribeAnswer>;

export const NOTIFICATIONS_OPERATIONS = {
  unsubscribePage: defineOperation({
    ...NOTIFICATIONS_ROUTES.unsubscribePage,
    owner: 'notifications',
    auth: 'none',
    errors: [400, 410],
    summary:
      "The page of a notification mail's unsubscribe link: which switch it turns off, with one button (nothing changes on GET, so a mail scanner that follows links unsubscribes nobody)",
    query: ZUnsubscribeQuery,
    response: ZUnsubscribeAnswer,
  }),
  unsubscribe: defineOperation({
    ...NOTIFICATIONS_ROUTES.unsubscribe,
    owner: 'notifications',
    auth: 'none',
    errors: [400, 410],
    summary: 'One-click unsubscribe (RFC 8058): turns off the switch the signed link names, once; a used link answers 410, a forged or damaged one 400',
    query: ZUnsubscribeQuery,
    body: ZUnsubscribeBody,
    response: ZUnsubscribeAnswer,
  }),
};
