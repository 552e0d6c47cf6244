/**
 * Real `serve` / `start` processes: LOG_LEVEL is honoured (one JSON line per request at info, none
 * at warn), the API records its public URL, and a CLI command whose shell has no PUBLIC_URL writes
 * its links to that URL; `start` prints one line per phase and where to go next.
 */
import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import { runCli } from '../../cli/program.ts';
import { ManualClock } from '../../lib/clock.ts';
import { loadConfig } from '../../lib/config.ts';
import { testDb, testDeps, testEnv } from '../helpers/env.ts';
import { createOffre, createRecruteur } from '../helpers/factories.ts';
import { alertEmails, createAlertRow, retireAlerts } from '../helpers/alert-factories.ts';
import {
  agendaJobsMark,
  pollUntil,
  startApiProcess,
  startCliProcess,
  stopAllProcesses,
} from '../helpers/processes.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { recordPublicUrl } from '../../lib/public-url.ts';

const HOUR = 3600_000;

/** A process's JSON log lines. */
function logLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function requestLines(stdout: string): Record<string, unknown>[] {
  return logLines(stdout).filter((l) => l.msg === 'request');
}

async function recordedPublicUrl(): Promise<string | undefined> {
  const row = (await testDb()('appSettings').where({ name: 'public_url' }).first('value')) as
    { value: string } | undefined;
  return row?.value;
}

/** `alerts run` in this process, as from an operator's shell with the given environment. */
async function alertsRunFromShell(env: Record<string, string>, clock: ManualClock): Promise<number> {
  const shellConfig = loadConfig({ ...env, DATABASE_URL: testEnv().databaseUrl });
  const deps = testDeps({
    clock,
    config: { publicUrl: shellConfig.publicUrl, publicUrlSet: shellConfig.publicUrlSet },
  });
  return runCli(['node', 'recrutement', 'alerts', 'run', '--json'], {
    runtime: () => ({ ...deps, close: async () => undefined }),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
  });
}

describe('Public URL and logs across processes', function () {
  this.timeout(120_000);
  const alerts: number[] = [];
  const jobs = agendaJobsMark();
  before(() => jobs.markJobs());
  after(async () => {
    await stopAllProcesses();
    await retireAlerts(alerts);
    await jobs.restoreJobs();
  });

  it('serve without PUBLIC_URL records where it listens; at LOG_LEVEL=info a request is one JSON line without its token', async () => {
    const api = await startApiProcess('api-info', { PUBLIC_URL: '', LOG_LEVEL: 'info' });
    expect(await recordedPublicUrl()).to.equal(api.url);
    const res = await fetch(`${api.url}/v1/api/regions?token=tOkEn-in-query`, {
      headers: { Authorization: 'Bearer not-a-real-token' },
    });
    await res.arrayBuffer();
    // Stopped first, so every line it wrote has arrived.
    await api.stop();
    const requests = requestLines(api.stdout);
    expect(requests).to.have.length(1);
    expect(requests[0]).to.include({ method: 'GET', path: '/v1/api/regions', status: res.status });
    expect(requests[0]!.requestId).to.equal(res.headers.get('x-request-id'));
    expect(requests[0]!.ms).to.be.a('number');
    expect(api.stdout).not.to.contain('tOkEn-in-query').and.not.to.contain('not-a-real-token');
  });

  it('serve compacts its heap once its search index is built, before it says it is ready, and logs what that gave back', async () => {
    const api = await startApiProcess('api-compaction', { LOG_LEVEL: 'info' });
    await pollUntil(async () => (await fetch(`${api.url}/ready`)).status === 200, '/ready answering 200');
    await api.stop();
    const lines = logLines(api.stdout);
    const first = (test: (l: Record<string, unknown>) => boolean) => {
      const line = lines.find(test);
      expect(line, api.stdout).to.not.equal(undefined);
      return line!;
    };
    const built = first((l) => l.event === 'search.index.built');
    const compacted = first((l) => l.event === 'heap.compacted');
    const ready = first((l) => l.msg === 'request' && l.path === '/ready' && l.status === 200);
    // By the time each line gives (milliseconds): the compaction follows the build and precedes readiness.
    expect(compacted.time as number, api.stdout).to.be.at.least(built.time as number);
    expect(ready.time as number, api.stdout).to.be.at.least(compacted.time as number);
    const { beforeMb, afterMb, liveMb, ms } = compacted as Record<string, number>;
    for (const n of [beforeMb, afterMb, liveMb, ms]) expect(n).to.be.a('number').and.at.least(0);
    expect(afterMb).to.be.at.most(beforeMb);
    expect(liveMb).to.be.at.most(afterMb);
  });

  it('serve with LOG_LEVEL=warn writes no request line', async () => {
    const api = await startApiProcess('api-warn', { LOG_LEVEL: 'warn' });
    const res = await fetch(`${api.url}/v1/api/regions`);
    expect(res.status).to.equal(200);
    await api.stop();
    expect(requestLines(api.stdout)).to.deep.equal([]);
  });

  it('an alert run from a shell without PUBLIC_URL links to the URL the API recorded, not to its own PORT', async () => {
    const apiUrl = 'http://api.recorded.example.cm:4300';
    await recordPublicUrl(testDb(), { ...testEnv().config, publicUrl: apiUrl });
    const t0 = new Date('2020-05-04T06:00:00Z');
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const alert = await createAlertRow({ keywords: 'ostréiculteur', createdAt: t0 });
    alerts.push(alert.id);
    const offre = await createOffre(recruteur, {
      titre: 'Ostréiculteur de Kribi',
      publishedAt: new Date(t0.getTime() + 2 * HOUR),
    });
    const clock = new ManualClock(new Date(t0.getTime() + 24 * HOUR));
    // Before, the shell's own default (PORT 5000 here, 3000 without PORT) went into every link.
    expect(await alertsRunFromShell({ PORT: '5000' }, clock)).to.equal(0);
    const [email] = await alertEmails(alert.email);
    expect(email, 'the digest is queued').to.not.equal(undefined);
    const headers = (
      typeof email!.headers === 'string' ? JSON.parse(email!.headers) : email!.headers
    ) as Record<string, string>;
    expect(headers['List-Unsubscribe']).to.match(
      new RegExp(`^<${apiUrl}/v1/api/alertes/unsubscribe\\?token=`),
    );
    // The offer's public page: /emplois/{id}-{slug}.
    expect(email!.textBody).to.contain(`${apiUrl}/emplois/${offre}-`);
    expect(email!.textBody).not.to.contain(':5000');
  });

  it('a shell with PUBLIC_URL set keeps its own', async () => {
    await recordPublicUrl(testDb(), {
      ...testEnv().config,
      publicUrl: 'http://api.recorded.example.cm:4300',
    });
    const t0 = new Date('2020-06-08T06:00:00Z');
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const alert = await createAlertRow({ keywords: 'saliculteur', createdAt: t0 });
    alerts.push(alert.id);
    await createOffre(recruteur, { titre: 'Saliculteur', publishedAt: new Date(t0.getTime() + 2 * HOUR) });
    const clock = new ManualClock(new Date(t0.getTime() + 24 * HOUR));
    expect(await alertsRunFromShell({ PUBLIC_URL: 'https://api.emploi.example.cm' }, clock)).to.equal(0);
    const [email] = await alertEmails(alert.email);
    expect(email!.textBody).to.contain('https://api.emploi.example.cm/emplois/');
  });

  it('start prints one line per phase, then the docs, the demo seed and the admin login', async () => {
    const admin = uniqueEmail('superadmin');
    const { handle } = await startCliProcess('start', ['start'], /Stop\s+Ctrl\+C/, {
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: '',
      ADMIN_EMAIL: admin,
      ADMIN_PASSWORD: 'Sup3r-admin-pass',
    });
    const out = handle.stderr;
    for (const phase of [
      /^Database \S+ ready \(\d+\.\d s\)$/m,
      /^Migrations: up to date \(\d+\.\d s\)$/m,
      /^Seed: reference data, geography, search synonyms, scam rules, super admin \S+ \(\d+\.\d s\)$/m,
      /^API listening on http:\/\/127\.0\.0\.1:\d+ \(\d+\.\d s\)$/m,
      /^Search index built: \d+ public offer\(s\) \(\d+\.\d s\)$/m,
      /^Job runner started \(\d+\.\d s\)$/m,
    ])
      expect(out).to.match(phase);
    const url = /API listening on (http:\/\/\S+)/.exec(out)![1];
    expect(out).to.contain(`${url}/docs`).and.to.contain(`${url}/v1/api/openapi.json`);
    expect(out).to.contain(`${url}/emplois`).and.to.contain('npx recrutement db seed --demo');
    expect(out).to.contain(`Super admin                 ${admin}`);
    expect(await recordedPublicUrl()).to.equal(url);
    expect(await handle.stop()).to.equal(0);
  });
});
