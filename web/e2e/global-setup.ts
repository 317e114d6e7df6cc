import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startFakePortal } from './fake-arcgis-portal';
import { startFakeWcs } from './fake-wcs';

/**
 * A real SMTP server for the run, on the port playwright.config.ts chose and gave the
 * app server. Every mail it receives becomes `{to, subject, text}` in a JSON file in
 * E2E_MAIL_DIR, which e2e/mail.ts reads from any worker.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = process.env.E2E_MAIL_DIR;
  if (!port || !dir) throw new Error('E2E_SMTP_PORT and E2E_MAIL_DIR are set by playwright.config.ts');
  fs.mkdirSync(dir, { recursive: true });
  let sequence = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to]
            .flat()
            .flatMap((address) => address?.value.map((v) => v.address ?? '') ?? [])
            .join(', ');
          const name = `${Date.now()}-${String(sequence++).padStart(6, '0')}.json`;
          const mail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
          // Written under a temporary name first, so a reader never sees half a file.
          fs.writeFileSync(path.join(dir, `${name}.tmp`), JSON.stringify(mail));
          fs.renameSync(path.join(dir, `${name}.tmp`), path.join(dir, name));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

  // An ArcGIS portal for the sign-in journey, on the port the app server may fetch from.
  const stopPortal = await startFakePortal(Number(process.env.E2E_PORTAL_PORT));
  // The built-in elevation profile's ground model (ELEVATION_WCS_URL), on its own port.
  const stopWcs = await startFakeWcs(Number(process.env.E2E_WCS_PORT));

  return async () => {
    await stopPortal();
    await stopWcs();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
