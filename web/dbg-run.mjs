import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-quic','--disable-gpu','--disable-3d-apis'] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
const cdp = await p.context().newCDPSession(p);
await cdp.send('Performance.enable');
async function idle(label) {
  const m0 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(m => [m.name, m.value]));
  await p.waitForTimeout(3000);
  const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(m => [m.name, m.value]));
  console.log(label, p.url(), 'task', (m1.TaskDuration - m0.TaskDuration).toFixed(2), 'layout', m1.LayoutCount - m0.LayoutCount, 'style', m1.RecalcStyleCount - m0.RecalcStyleCount, 'busy', await p.getByRole('progressbar').count());
}
await p.goto('http://127.0.0.1:8351/login'); await idle('login');
const main = p.getByRole('main');
await main.getByLabel('Username', { exact: true }).fill('dbg1');
await main.getByLabel('Password', { exact: true }).fill('Correct-Horse-Battery-9');
await main.getByRole('button', { name: 'Login', exact: true }).click();
await p.waitForURL(/account/); await idle('landing');
await p.goto('http://127.0.0.1:8351/profile'); await idle('profile');
await p.goto('http://127.0.0.1:8351/datasources'); await idle('ds');
await b.close();
