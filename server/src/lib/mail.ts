import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in
 * DATA_DIR/outbox and its subject and links are logged, so a fresh install can be
 * used (and activated) without a mail server.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; mailFrom: string; outboxDir: string },
  log: Pick<FastifyBaseLogger, 'info'>,
): Mailer {
  // nodemailer is loaded with the first mail: most of a server's life sends none, and its
  // modules held 3 MB of the server's heap (the embedded database's memory, issue 26).
  // Without SMTP the message is only composed (into a buffer), then written to the outbox.
  const transportOptions = options.smtpUrl ?? { streamTransport: true, buffer: true, newline: 'unix' };
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(transportOptions),
    ));
  if (options.smtpUrl) {
    return {
      async send(mail) {
        await (await transportOnce()).sendMail({ from: options.mailFrom, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => void transport?.then((made) => made.close()),
    };
  }
  return {
    async send(mail) {
      const info = await (await transportOnce()).sendMail({ from: options.mailFrom, ...mail });
      fs.mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log.info(
        { to: mail.to, subject: mail.subject, links: linksIn(mail.text), file },
        'mail written to outbox',
      );
    },
    close: () => {},
  };
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One layout for every mail: the site's title, paragraphs, and at most one button link. */
export function composeMail(parts: {
  to: string;
  siteTitle: string;
  subject: string;
  paragraphs: string[];
  link?: { label: string; url: string };
  code?: string;
}): Mail {
  const text = [
    ...parts.paragraphs,
    ...(parts.code ? [parts.code] : []),
    ...(parts.link ? [`${parts.link.label}: ${parts.link.url}`] : []),
    `— ${parts.siteTitle}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Roboto,Arial,sans-serif;color:#222;max-width:560px">
<h2 style="color:#e65100">${escapeHtml(parts.siteTitle)}</h2>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${parts.code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(parts.code)}</p>` : ''}
${
  parts.link
    ? `<p><a href="${escapeHtml(parts.link.url)}" style="background:#e65100;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(parts.link.label)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(parts.link.url)}</p>`
    : ''
}
</body></html>`;
  return { to: parts.to, subject: `${parts.subject} — ${parts.siteTitle}`, text, html };
}
