// The sign-in codes in the file mailer's folder (MAIL_TRANSPORT=file writes each mail as an .eml
// under $DATA_DIR/mail): each file is read once, and a code is waited for by its recipient.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMail } from '../../test/support/mail-reader.ts';

export class MailCodes {
  private readonly read = new Set<string>();
  private readonly byRecipient = new Map<string, string[]>();

  constructor(private readonly dir: string) {}

  /** Reads the mails that arrived since the last look. */
  async refresh(): Promise<void> {
    const files = (await readdir(this.dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml') && !this.read.has(f)).sort();
    for (const file of files) {
      this.read.add(file);
      const mail = parseMail(await readFile(join(this.dir, file), 'utf8'));
      const to = mail.to.toLowerCase();
      if (mail.code) this.byRecipient.set(to, [...(this.byRecipient.get(to) ?? []), mail.code]);
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
