// Outgoing mail. `file` (embedded default) writes each message as an .eml file under
// $DATA_DIR/mail/ and logs only that it did; `smtp` sends through nodemailer.
// Never log a message body: it carries sign-in codes and links.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { PlatformConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailLogger {
  info(obj: object, msg?: string): void;
}

export function mailDirectory(config: Pick<PlatformConfig, 'DATA_DIR'>): string {
  return resolve(config.DATA_DIR, 'mail');
}

export function createMailer(config: Pick<PlatformConfig, 'MAIL_TRANSPORT' | 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, logger: MailLogger): Mailer {
  if (config.MAIL_TRANSPORT === 'smtp') {
    const transport = nodemailer.createTransport(config.SMTP_URL!);
    return {
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
        logger.info({ transport: 'smtp' }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = mailDirectory(config);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...message });
      await mkdir(dir, { recursive: true });
      // Sortable names: the newest file is the last one listed.
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ file }, 'mail written (open the .eml file to read it)');
    },
    close: () => transport.close(),
  };
}
