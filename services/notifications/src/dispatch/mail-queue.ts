// The mail queue (notifications.mails): a mail is composed in the transaction that empties its batch
// and sent afterwards, so nothing is lost. Sending claims a lease under FOR UPDATE SKIP LOCKED, so two
// replicas never send one mail at once (at least once on a crash). After MAX_ATTEMPTS a mail is marked
// failed for the operator and, like a sent one, keeps no text and names nobody.
import { randomUUID } from 'node:crypto';
import type { MailMessage } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import type { NotificationsContext } from '../context.ts';

export const MAX_ATTEMPTS = 10;
/** What a sent or failed mail no longer keeps: its text and the citizens it told about. */
const FORGET_TEXT = "to_address = NULL, subject = NULL, text_body = NULL, html_body = NULL, headers = NULL, actor_ids = '{}'";
/** How long a claimed mail is another replica's to leave alone (longer than any SMTP conversation). */
const LEASE_MS = 5 * 60 * 1000;
const SEND_BATCH = 20;

export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export async function queueMail(
  tx: SqlDriver,
  mail: {
    recipientId: string;
    kind: 'digest' | 'removal_notice';
    message: MailMessage;
    notificationCount: number;
    /** The citizens the mail tells about (erasing one deletes it while unsent). */
    actorIds: readonly string[];
    at: Date;
  },
): Promise<string> {
  const id = randomUUID();
  await tx.execute(
    `INSERT INTO notifications.mails (id, recipient_id, kind, to_address, subject, text_body, html_body, headers, notification_count, actor_ids, created_at, next_attempt_at)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8::jsonb, $9, $11::uuid[], $10::timestamptz, $10::timestamptz)`,
    [
      id,
      mail.recipientId,
      mail.kind,
      mail.message.to,
      mail.message.subject,
      mail.message.text,
      mail.message.html ?? '',
      JSON.stringify(mail.message.headers ?? {}),
      mail.notificationCount,
      mail.at.toISOString(),
      `{${mail.actorIds.join(',')}}`,
    ],
  );
  return id;
}

interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attempts: number;
}

/** Sends what is due; resolves to how many mails were sent. */
export async function sendQueuedMails(ctx: NotificationsContext): Promise<number> {
  const now = ctx.platform.clock.now();
  const claimed = await ctx.db.query<ClaimedMail>(
    `UPDATE notifications.mails m SET next_attempt_at = $2::timestamptz, attempts = m.attempts + 1
     WHERE m.id IN (SELECT id FROM notifications.mails WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1::timestamptz
                    ORDER BY next_attempt_at LIMIT ${SEND_BATCH} FOR UPDATE SKIP LOCKED)
     RETURNING m.id::text AS id, m.to_address AS "to", m.subject, m.text_body AS text, m.html_body AS html, m.headers, m.attempts`,
    [now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()],
  );
  let sent = 0;
  for (const mail of claimed) {
    try {
      await ctx.platform.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    } catch (error) {
      const at = ctx.platform.clock.now();
      const lastError = String((error as Error).message ?? error).slice(0, 500);
      if (mail.attempts >= MAX_ATTEMPTS) {
        ctx.platform.logger.error({ err: error, mailId: mail.id, attempts: mail.attempts }, 'notification mail given up after its last attempt');
        await ctx.db.execute(
          `UPDATE notifications.mails SET failed_at = $2::timestamptz, last_error = $3, ${FORGET_TEXT} WHERE id = $1::uuid AND sent_at IS NULL`,
          [mail.id, at.toISOString(), lastError],
        );
        continue;
      }
      ctx.platform.logger.warn({ err: error, mailId: mail.id, attempts: mail.attempts }, 'notification mail not sent; retried later');
      await ctx.db.execute('UPDATE notifications.mails SET next_attempt_at = $2::timestamptz, last_error = $3 WHERE id = $1::uuid AND sent_at IS NULL', [
        mail.id,
        new Date(at.getTime() + retryDelayMs(mail.attempts)).toISOString(),
        lastError,
      ]);
      continue;
    }
    // Sent: the row keeps when and how many, never the text (data minimisation).
    await ctx.db.execute(`UPDATE notifications.mails SET sent_at = $2::timestamptz, last_error = NULL, ${FORGET_TEXT} WHERE id = $1::uuid`, [
      mail.id,
      ctx.platform.clock.now().toISOString(),
    ]);
    sent++;
  }
  return sent;
}
