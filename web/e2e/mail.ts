import fs from 'node:fs';
import path from 'node:path';

export type Mail = { to: string; subject: string; text: string };

/** Mails this worker has already handed out, so the same one is never returned twice. */
const taken = new Set<string>();

/**
 * The oldest mail to `to` (matching `subject` if given) not returned before, waiting
 * for it to arrive. Mails come from the SMTP server of e2e/global-setup.ts.
 */
export async function waitForMail(to: string, subject?: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .sort()
      : [];
    for (const name of names) {
      if (taken.has(name)) continue;
      const mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Mail;
      if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
      if (subject && !subject.test(mail.subject)) continue;
      taken.add(name);
      return mail;
    }
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to}${subject ? ` about ${subject}` : ''} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path (with its tokens) of the first link in a mail whose path starts with `prefix`. */
export function linkPath(mail: Mail, prefix: string): string {
  for (const link of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(link);
    if (url.pathname.startsWith(prefix)) return url.pathname;
  }
  throw new Error(`No ${prefix} link in: ${mail.text}`);
}

/** The six-digit code standing on a line of its own. */
export function codeIn(mail: Mail): string {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}
