import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; text: string; html: string; raw: ParsedMail };

/**
 * A real SMTP server on a free loopback port: the app sends through nodemailer as
 * in production, and tests read what arrived.
 */
export async function startMailServer() {
  const inbox: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to]
            .flat()
            .flatMap((address) => address?.value.map((v) => v.address ?? '') ?? []);
          inbox.push({
            to: to.join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            raw: parsed,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  /** The next mail to `to` (matching `subject` if given), waiting up to 10 s for it. */
  async function nextMail(to: string, subject?: RegExp): Promise<ReceivedMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const index = inbox.findIndex(
        (m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(m.subject)),
      );
      if (index >= 0) return inbox.splice(index, 1)[0] as ReceivedMail;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://test:secret@127.0.0.1:${port}`,
    inbox,
    nextMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** The first link in a mail's text that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(path));
  if (!link) throw new Error(`No ${path} link in: ${mail.text}`);
  return link;
}

/** The six-digit code standing on a line of its own. */
export function codeIn(mail: ReceivedMail): string {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}
