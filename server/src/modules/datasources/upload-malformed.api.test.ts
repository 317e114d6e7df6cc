import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auth, buildAccount, buildActiveUser, loginToken } from '../../test/factories.js';
import { type MailServer, startMailServer } from '../../test/mail-server.js';
import { multipart } from '../../test/multipart.js';

/** Multipart bodies the fuzzer (server/src/fuzz) sent, that once answered 500 or never answered. */
describe('malformed uploads', () => {
  let t: TestApp;
  let mail: MailServer;
  let token: string;
  let account: number;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-upload-malformed-'));
    mail = await startMailServer();
    t = await createTestApp({ SMTP_URL: mail.url, DATA_DIR: dataDir });
    const user = await buildActiveUser(t, mail);
    token = await loginToken(t, user);
    account = (await buildAccount(t, token, user.id)).id;
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/datasources/upload',
      headers: { ...auth(token), 'content-type': contentType },
      payload,
    });

  it('answers multipart/form-data without a boundary with a 400 on file', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
      const res = await send(contentType, '{}');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        file: ['Send the file as multipart/form-data, in the field "file".'],
      });
    }
  });

  it('answers a form cut off in the middle of its file with a 400, and frees the upload slot', async () => {
    const boundary = 'cut-off';
    const cutOff = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="name"',
      '',
      'Parks',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="parks.geojson"',
      '',
      '{"type": "FeatureCollection", "features": [',
    ].join('\r\n');
    // More than the per-user limit of uploads in flight: a hung one would keep its slot.
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await send(`multipart/form-data; boundary=${boundary}`, cutOff);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ file: ['The upload ended before the file was complete.'] });
    }
    const whole = multipart([
      { name: 'name', value: 'Parks' },
      { name: 'account', value: String(account) },
      { name: 'file', value: '{"type": "FeatureCollection", "features": []}', filename: 'parks.geojson' },
    ]);
    const res = await send(whole.contentType, whole.payload);
    expect(res.statusCode).toBe(201);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
  }, 60_000);
});
