/**
 * `recrutement jobs dashboard` (Agendash over our MysqlBackend), run as the real binary and looked
 * at in a real headless Chromium: it loads without any console error or failed request and lists
 * the job types of the runner with their jobs. A screenshot is written to
 * test/artifacts/jobs-dashboard.png.
 */
import { expect } from 'chai';
import http from 'node:http';
import { buildAgenda } from '../../jobs/agenda.ts';
import { scheduleRecurring } from '../../jobs/worker.ts';
import { definitions } from '../../jobs/definitions/index.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import { testDeps } from '../helpers/env.ts';
import { launchChromium, screenshot, watch, type Browser } from '../helpers/browser.ts';
import { runBinary } from '../helpers/cli.ts';
import { agendaJobsMark, startCliProcess, stopAllProcesses } from '../helpers/processes.ts';

describe('Pages: the jobs dashboard (recrutement jobs dashboard) in a real browser', function () {
  this.timeout(60_000);
  const jobs = agendaJobsMark();
  let browser: Browser;
  let url: string;

  before(async () => {
    await jobs.markJobs();
    // What a worker's start leaves in the store (every recurring job), plus a one-off run queued.
    const agenda = await buildAgenda(testDeps(), { name: 'pages-test' });
    await agenda.ready;
    await scheduleRecurring(agenda, testDeps());
    await agenda.schedule('in 1 hour', JOB_NAMES.closeExpiredOffres, {});
    await agenda.stop();

    const { match } = await startCliProcess(
      'dashboard',
      ['jobs', 'dashboard', '--port', '0'],
      /Jobs dashboard on (http:\/\/\S+)/,
    );
    url = match[1];
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await stopAllProcesses();
    await jobs.restoreJobs();
  });

  it('listens on 127.0.0.1 only and trusts no other Host, nor a change that is not JSON', async () => {
    expect(new URL(url).hostname).to.equal('127.0.0.1');
    const { port } = new URL(url);
    const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
    // A page served by a rebinding domain reaches the same socket with its own Host.
    expect(await send('GET', '/api?limit=1', { Host: `evil.example:${port}` })).to.equal(403);
    expect(await send('GET', '/api?limit=1', { Host: `localhost:${port}` })).to.equal(200);
    // A cross-site form post (no preflight) may not change jobs.
    const form = 'jobIds=1';
    expect(
      await send(
        'POST',
        '/api/jobs/delete',
        { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        form,
      ),
    ).to.equal(415);
  });

  it('refuses a bad --port (exit code 2)', async () => {
    const r = await runBinary(['jobs', 'dashboard', '--port', 'abc']);
    expect(r.code).to.equal(2);
    expect(r.stderr).to.match(/port/);
  });

  it('loads without errors and lists the job types with their jobs', async () => {
    const page = await browser.context.newPage();
    const problems = watch(page);
    const res = await page.goto(url, { waitUntil: 'load' });
    expect(res?.status()).to.equal(200);
    expect(await page.title()).to.equal('Agendash');

    // The sidebar lists every job type of the runner; the job list shows their jobs.
    for (const { name } of definitions) await page.getByText(name, { exact: true }).first().waitFor();
    const body = await page.locator('body').innerText();
    for (const { name } of definitions) expect(body, name).to.contain(name);
    expect(body).to.match(/All Jobs/);

    await screenshot(page, 'jobs-dashboard');
    expect(problems).to.deep.equal([]);
    await page.close();
  });
});
