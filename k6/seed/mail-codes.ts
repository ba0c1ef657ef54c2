// The sign-in codes in the file mailer's folder (MAIL_TRANSPORT=file writes each mail as an .eml
// under $DATA_DIR/mail): each file is read once, and a code is waited for by its recipient.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMail } from '../../test/support/mail-reader.ts';

export class MailCodes {
  private readonly read = new Set<string>();
  private readonly byRecipient = new Map<string, string[]>();

  constructor(private readonly dir: string) {}

  private reading: Promise<void> = Promise.resolve();

  /**
   * Reads the mails that arrived since the last look. One look at a time: a caller that counts after
   * its look must see every mail already there, not miss one a concurrent look has claimed but not parsed.
   */
  refresh(): Promise<void> {
    this.reading = this.reading.catch(() => {}).then(() => this.readNew());
    return this.reading;
  }

  private async readNew(): Promise<void> {
    const files = (await readdir(this.dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml') && !this.read.has(f)).sort();
    for (const file of files) {
      this.read.add(file);
      const mail = parseMail(await readFile(join(this.dir, file), 'utf8'));
      const to = mail.to.toLowerCase();
      // Only sign-in mails: another mail to a citizen (a notification) may hold six digits too.
      if (mail.code && /sign-in code/i.test(mail.subject)) this.byRecipient.set(to, [...(this.byRecipient.get(to) ?? []), mail.code]);
    }
  }

  /** How many codes `email` has received so far. */
  count(email: string): number {
    return this.byRecipient.get(email.toLowerCase())?.length ?? 0;
  }

  /** The code of the mail after the first `seen` to `email`, waiting up to `timeoutMs` for it. */
  async next(email: string, seen: number, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.refresh();
      const codes = this.byRecipient.get(email.toLowerCase()) ?? [];
      if (codes.length > seen) return codes[codes.length - 1]!;
      if (Date.now() > deadline)
        throw new Error(
          `No sign-in mail to ${email} in ${this.dir} within ${timeoutMs} ms (is MAIL_TRANSPORT=file, and K6_MAIL_DIR the auth service's $DATA_DIR/mail?)`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
