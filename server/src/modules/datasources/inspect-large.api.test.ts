import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTest, stopApiTest, type TestApp } from '../../test/app.js';
import { auth, buildActiveUser, loginToken } from '../../test/factories.js';
import { largeWmsCapabilities } from '../../test/large-capabilities.js';
import type { MailServer } from '../../test/mail-server.js';

/**
 * The largest capabilities documents seen in the wild (19 MiB, 74,701 layers) take seconds
 * to read: meanwhile the server answers everyone else, and the upstream's deadline counts
 * the time the service took to answer, not ours to read it.
 */
describe('inspecting a very large capabilities document', () => {
  let t: TestApp;
  let mail: MailServer;
  let service: http.Server;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    const document = Buffer.from(largeWmsCapabilities());
    service = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/xml' });
      response.end(document);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    ({ t, mail } = await startApiTest({
      FETCH_ALLOW_HOSTS: `127.0.0.1:${port}`,
      EXPENSIVE_CALLS_PER_USER: '3',
    }));
    token = await loginToken(t, await buildActiveUser(t, mail));
  }, 60_000);
  afterAll(async () => {
    await stopApiTest(t, mail);
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  const inspect = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/datasources/inspect',
      headers: auth(token),
      payload: { type: 1, config: { url: `${origin}/wms` } },
    });

  /**
   * How long /healthz took while `work` ran, pinged every 25 ms as a load balancer would:
   * each answer is timed from when its ping was due, so a stall of the server's thread
   * counts for as long as it lasts, even when no ping was in flight. Parsing on the
   * server's thread stalls it for the whole parse (7–9 s here), which makes most pings
   * seconds late; a busy CI machine gives a few slow ones of up to about a second.
   */
  async function healthChecksDuring(work: Promise<unknown>): Promise<{ p90: number; slowest: number }> {
    const every = 25;
    let done = false;
    void work.finally(() => {
      done = true;
    });
    const started = performance.now();
    const answers: Promise<number>[] = [];
    const ping = (due: number) =>
      answers.push(
        t.app.inject({ method: 'GET', url: '/healthz' }).then((res) => {
          expect(res.statusCode).toBe(200);
          return performance.now() - due;
        }),
      );
    let due = started;
    const pingWhatIsDue = () => {
      for (const now = performance.now(); due <= now; due += every) ping(due);
    };
    while (!done) {
      // After a stall, every ping that fell due meanwhile goes out, each as late as it is.
      pingWhatIsDue();
      await sleep(Math.max(0, due - performance.now()));
    }
    pingWhatIsDue();
    const sorted = (await Promise.all(answers)).sort((a, b) => a - b);
    return {
      p90: sorted[Math.floor(sorted.length * 0.9)] as number,
      slowest: sorted.at(-1) as number,
    };
  }

  it('answers /healthz at once while it reads, and lists the first layers with the total', async () => {
    const answer = inspect();
    const { p90, slowest } = await healthChecksDuring(answer);
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.title).toBe('National Catalogue');
    expect(body.layers).toHaveLength(5000);
    expect(body.details).toMatchObject({ layerCount: 74_701, layersTruncated: true });
    expect(p90).toBeLessThan(500);
    expect(slowest).toBeLessThan(2500);
  }, 120_000);

  it('reads three at once without any of them timing out on the time the others took', async () => {
    const answers = Promise.all([inspect(), inspect(), inspect()]);
    const { p90, slowest } = await healthChecksDuring(answers);
    for (const res of await answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().details.layerCount).toBe(74_701);
    }
    expect(p90).toBeLessThan(500);
    expect(slowest).toBeLessThan(2500);
  }, 180_000);
});
