/**
 * MysqlBackend: the repository contract (with and without Objection's
 * snake-case mappers on the knex instance), a real Agenda on top of it, and
 * multi-worker safety (two pools, and a real second process killed mid-job).
 *
 * Needs MySQL 8 / MariaDB 10.6+ (127.0.0.1:3306, root, no password by default;
 * see helpers.ts for the MYSQL_* variables). Creates and drops its own database.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { Agenda, computeJobState } from 'agenda';
import type { AgendaConfig, JobParameters, JobsSort, JobState } from 'agenda';
import { MysqlBackend, MysqlJobRepository } from '../../jobs/mysql-backend.ts';
import { findAndLockIndexName } from '../../jobs/mysql-backend-schema.ts';
import { down, up } from '../../migrations/20261121000200_agenda_jobs.ts';
import {
  TEST_DATABASE,
  createTestDatabase,
  createTestKnex,
  delay,
  dropTestDatabase,
  waitFor,
  type TestKnexOptions,
} from './helpers.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKER_FIXTURE = fileURLToPath(new URL('./fixtures/long-job-worker.ts', import.meta.url));
const TABLE = 'agenda_jobs';

/** Every test of the contract runs against each knex configuration the backend must support. */
const VARIANTS = [
  { label: 'plain knex', flavor: 'plain' },
  { label: 'knex with knexSnakeCaseMappers', flavor: 'snakeCase' },
  { label: 'application knex (lib/db.ts)', flavor: 'application' },
] as const;

/** A minimal valid job; overrides win. */
function jobParams(overrides: Partial<JobParameters> = {}): JobParameters {
  return { name: 'test-job', priority: 0, nextRunAt: new Date(), type: 'normal', data: {}, ...overrides };
}

const past = (ms: number) => new Date(Date.now() - ms);
const future = (ms: number) => new Date(Date.now() + ms);

describe('MysqlBackend', function () {
  this.timeout(60_000);

  /** Plain knex used by assertions and cleanup. */
  let admin: Knex;
  const knexes: Knex[] = [];

  function newKnex(options: TestKnexOptions = {}): Knex {
    const knex = createTestKnex(options);
    knexes.push(knex);
    return knex;
  }

  before(async () => {
    await createTestDatabase();
    admin = newKnex();
  });

  after(async () => {
    await Promise.all(knexes.map((knex) => knex.destroy()));
    await dropTestDatabase();
  });

  beforeEach(async () => {
    await admin(TABLE).delete();
  });

  describe('schema', () => {
    it('migration creates agenda_jobs with the find-and-lock, single-name and queue indexes', async () => {
      const [rows] = (await admin.raw('SHOW INDEX FROM ??', [TABLE])) as [
        { Key_name: string; Column_name: string }[],
      ];
      const columnsOf = (index: string) =>
        rows.filter((row) => row.Key_name === index).map((row) => row.Column_name);
      expect(columnsOf(findAndLockIndexName(TABLE))).to.deep.equal([
        'name',
        'disabled',
        'locked_at',
        'next_run_at',
        'priority',
      ]);
      expect(columnsOf(`${TABLE}_single_name_uq`)).to.deep.equal(['single_name']);
      expect(columnsOf(`${TABLE}_next_run_at_idx`)).to.deep.equal(['next_run_at']);
      expect(await admin.schema.hasTable('agenda_logs')).to.equal(true);
    });

    it('migration down() drops the tables and up() recreates them', async () => {
      await down(admin);
      expect(await admin.schema.hasTable(TABLE)).to.equal(false);
      expect(await admin.schema.hasTable('agenda_logs')).to.equal(false);
      await up(admin);
      expect(await admin.schema.hasTable(TABLE)).to.equal(true);
    });

    it('ensureSchema creates a custom table once, even with concurrent workers', async () => {
      const knex = newKnex();
      const backends = [1, 2, 3].map(
        () => new MysqlBackend({ knex, tableName: 'agenda_jobs_standalone', ensureSchema: true }),
      );
      await Promise.all(backends.map((backend) => backend.connect()));
      await backends[0]?.connect();
      const saved = await backends[1]?.repository.saveJob(jobParams(), undefined);
      expect(saved?._id).to.be.a('string');
      await knex.schema.dropTable('agenda_jobs_standalone');
    });

    it('refuses a connection whose dates would not be stored as UTC', async () => {
      const backend = new MysqlBackend({ knex: newKnex({ timezone: '+05:00' }) });
      let failure: unknown;
      await backend.connect().catch((error: unknown) => {
        failure = error;
      });
      expect(String(failure)).to.match(/timezone: 'Z'/);
    });
  });

  for (const variant of VARIANTS) {
    describe(`repository (${variant.label})`, () => {
      let repo: MysqlJobRepository;

      before(async () => {
        repo = new MysqlJobRepository({ knex: newKnex({ flavor: variant.flavor }) });
        await repo.connect();
      });

      it('round-trips every field, with string ids and millisecond UTC dates', async () => {
        const full = jobParams({
          name: 'full',
          priority: -7,
          nextRunAt: new Date('2031-02-03T04:05:06.789Z'),
          data: { nested: { list: [1, 'two', null], flag: true }, text: 'Douala / Yaoundé ✓' },
          lastRunAt: new Date('2030-01-01T00:00:00.001Z'),
          lastFinishedAt: new Date('2030-01-01T00:00:01.002Z'),
          failedAt: new Date('2030-01-01T00:00:01.002Z'),
          failCount: 3,
          failReason: 'SMTP timeout',
          repeatInterval: '5 minutes',
          repeatTimezone: 'Africa/Douala',
          repeatAt: '3:30pm',
          startDate: new Date('2030-01-01T00:00:00.000Z'),
          endDate: new Date('2032-01-01T00:00:00.000Z'),
          skipDays: [0, 6],
          disabled: true,
          progress: 42.5,
          fork: true,
        });
        const saved = await repo.saveJob(full, { lastModifiedBy: 'worker-a' });
        expect(saved._id).to.be.a('string').that.matches(/^\d+$/);
        const loaded = await repo.getJobById(String(saved._id));
        expect(loaded).to.deep.include({ ...full, _id: saved._id, lastModifiedBy: 'worker-a' });
        expect(loaded).to.deep.equal(saved);

        const stored = (await admin(TABLE).where('id', saved._id).first()) as Record<string, unknown>;
        expect(stored.next_run_at).to.deep.equal(new Date('2031-02-03T04:05:06.789Z'));
        const [[utc]] = (await admin.raw(
          "SELECT DATE_FORMAT(next_run_at, '%Y-%m-%d %H:%i:%s.%f') AS t FROM ?? WHERE id = ?",
          [TABLE, String(saved._id)],
        )) as [[{ t: string }]];
        expect(utc.t).to.equal('2031-02-03 04:05:06.789000');
      });

      it('keeps a numeric repeatInterval numeric and returns null data as null', async () => {
        const saved = await repo.saveJob(jobParams({ repeatInterval: 5000, data: undefined }), undefined);
        const loaded = await repo.getJobById(String(saved._id));
        expect(loaded?.repeatInterval).to.equal(5000);
        expect(loaded?.data).to.equal(null);
        expect(loaded?.lockedAt).to.equal(undefined);
        expect(loaded?.failCount).to.equal(undefined);
      });

      it('returns null for unknown and malformed ids', async () => {
        expect(await repo.getJobById('999999999')).to.equal(null);
        expect(await repo.getJobById('not-an-id')).to.equal(null);
        expect(await repo.getJobById('1 OR 1=1')).to.equal(null);
      });

      it('updates by id without clearing processor-managed fields', async () => {
        const saved = await repo.saveJob(
          jobParams({ failCount: 2, failReason: 'boom', failedAt: past(1000) }),
          undefined,
        );
        // what Job.save() sends: toJson(true) strips the processor fields
        const { failCount, failReason, failedAt, ...userFields } = saved;
        void failCount;
        void failReason;
        void failedAt;
        const updated = await repo.saveJob({ ...userFields, priority: 9, data: { v: 2 } }, undefined);
        expect(updated._id).to.equal(saved._id);
        expect(updated).to.deep.include({ priority: 9, data: { v: 2 }, failCount: 2, failReason: 'boom' });
      });

      it('returns the job unchanged when updating a job that was removed', async () => {
        const saved = await repo.saveJob(jobParams(), undefined);
        await repo.removeJobs({ id: saved._id });
        const again = await repo.saveJob({ ...saved, priority: 3 }, undefined);
        expect(again.priority).to.equal(3);
        expect(await repo.getJobById(String(saved._id))).to.equal(null);
      });

      describe('single and unique jobs', () => {
        it('upserts type single by name and protects a due nextRunAt', async () => {
          const first = await repo.saveJob(
            jobParams({ name: 'digest', type: 'single', nextRunAt: future(60_000), data: { v: 1 } }),
            undefined,
          );
          const second = await repo.saveJob(
            jobParams({
              name: 'digest',
              type: 'single',
              nextRunAt: future(120_000),
              priority: 5,
              data: { v: 2 },
            }),
            undefined,
          );
          expect(second._id).to.equal(first._id);
          expect(second).to.deep.include({ priority: 5, data: { v: 2 } });
          expect(second.nextRunAt?.getTime()).to.be.greaterThan(Date.now() + 100_000);

          // a restart calling every() again computes nextRunAt = now: the stored schedule wins
          const restarted = await repo.saveJob(
            jobParams({ name: 'digest', type: 'single', nextRunAt: new Date(), data: { v: 3 } }),
            undefined,
          );
          expect(restarted.nextRunAt?.getTime()).to.equal(second.nextRunAt?.getTime());
          expect(restarted.data).to.deep.equal({ v: 3 });
          expect((await repo.queryJobs({ name: 'digest' })).total).to.equal(1);
        });

        it('single jobs do not collide with normal jobs of the same name', async () => {
          await repo.saveJob(jobParams({ name: 'mixed' }), undefined);
          await repo.saveJob(jobParams({ name: 'mixed' }), undefined);
          await repo.saveJob(jobParams({ name: 'mixed', type: 'single' }), undefined);
          await repo.saveJob(jobParams({ name: 'mixed', type: 'single' }), undefined);
          expect((await repo.queryJobs({ name: 'mixed' })).total).to.equal(3);
        });

        it('upserts on a unique key, type-sensitively, and honours insertOnly', async () => {
          const unique = { 'data.offerId': 42, 'data.kind': 'alert' };
          const a = await repo.saveJob(
            jobParams({ name: 'notify', data: { offerId: 42, kind: 'alert', n: 1 }, unique }),
            undefined,
          );
          const b = await repo.saveJob(
            jobParams({ name: 'notify', data: { offerId: 42, kind: 'alert', n: 2 }, unique }),
            undefined,
          );
          expect(b._id).to.equal(a._id);
          expect(b.data).to.deep.equal({ offerId: 42, kind: 'alert', n: 2 });

          // "42" is not 42, as in Mongo
          const c = await repo.saveJob(
            jobParams({
              name: 'notify',
              data: { offerId: '42', kind: 'alert' },
              unique: { 'data.offerId': '42', 'data.kind': 'alert' },
            }),
            undefined,
          );
          expect(c._id).not.to.equal(a._id);

          const d = await repo.saveJob(
            jobParams({
              name: 'notify',
              data: { offerId: 42, kind: 'alert', n: 3 },
              unique,
              uniqueOpts: { insertOnly: true },
            }),
            undefined,
          );
          expect(d._id).to.equal(a._id);
          expect(d.data).to.deep.equal({ offerId: 42, kind: 'alert', n: 2 });
          expect((await repo.queryJobs({ name: 'notify' })).total).to.equal(2);
        });

        it('concurrent saves of one unique job, from two pools, create a single row', async () => {
          // a second repository with its own pool stands for another process
          const other = new MysqlJobRepository({ knex: newKnex({ flavor: variant.flavor }) });
          const saveMany = async (name: string) => {
            const unique = { 'data.userId': 7 };
            const saves = Array.from({ length: 12 }, (_, n) =>
              (n % 2 ? other : repo).saveJob(jobParams({ name, data: { userId: 7, n }, unique }), undefined),
            );
            return new Set((await Promise.all(saves)).map((job) => job._id)).size;
          };
          const names = ['welcome-mail', 'offer-digest', 'cv-reminder', 'alert-confirm'];
          expect(await Promise.all(names.map(saveMany))).to.deep.equal([1, 1, 1, 1]);
          expect((await repo.queryJobs({ names })).total).to.equal(4);
        });

        it('accepts top-level fields and nested data paths in unique keys, and rejects query operators', async () => {
          const first = await repo.saveJob(
            jobParams({
              name: 'u',
              priority: 3,
              data: { a: { b: 'x' } },
              unique: { priority: 3, 'data.a.b': 'x' },
            }),
            undefined,
          );
          const second = await repo.saveJob(
            jobParams({
              name: 'u',
              priority: 3,
              data: { a: { b: 'x' }, z: 1 },
              unique: { priority: 3, 'data.a.b': 'x' },
            }),
            undefined,
          );
          expect(second._id).to.equal(first._id);
          let failure: unknown;
          await repo
            .saveJob(jobParams({ name: 'u', unique: { 'data.a': { $in: [1, 2] } } }), undefined)
            .catch((error: unknown) => {
              failure = error;
            });
          expect(String(failure)).to.match(/operators are not supported/);
          for (const bogus of ['constructor', 'toString', 'no_such_column']) {
            let rejected: unknown;
            await repo
              .saveJob(jobParams({ name: 'u', unique: { [bogus]: 'x' } }), undefined)
              .catch((error: unknown) => {
                rejected = error;
              });
            expect(String(rejected), bogus).to.match(/is not a job field/);
          }
        });

        it('debounces: trailing pushes nextRunAt, maxWait forces a run, leading keeps it', async () => {
          const key = { 'data.key': 'k' };
          const first = await repo.saveJob(
            jobParams({
              name: 'deb',
              data: { key: 'k' },
              unique: key,
              uniqueOpts: { debounce: { delay: 1000 } },
            }),
            undefined,
          );
          expect(first.nextRunAt?.getTime()).to.be.closeTo(Date.now() + 1000, 200);
          expect(first.debounceStartedAt).to.be.instanceOf(Date);
          await delay(50);
          const second = await repo.saveJob(
            jobParams({
              name: 'deb',
              data: { key: 'k', n: 2 },
              unique: key,
              uniqueOpts: { debounce: { delay: 1000, maxWait: 10 } },
            }),
            undefined,
          );
          expect(second._id).to.equal(first._id);
          expect(second.nextRunAt?.getTime()).to.be.at.most(Date.now());
          expect(second.debounceStartedAt).to.equal(undefined);

          const lead = { 'data.key': 'lead' };
          const l1 = await repo.saveJob(
            jobParams({
              name: 'deb',
              data: { key: 'lead' },
              unique: lead,
              uniqueOpts: { debounce: { delay: 5000, strategy: 'leading' } },
            }),
            undefined,
          );
          const l2 = await repo.saveJob(
            jobParams({
              name: 'deb',
              nextRunAt: future(9999),
              data: { key: 'lead', n: 2 },
              unique: lead,
              uniqueOpts: { debounce: { delay: 5000, strategy: 'leading' } },
            }),
            undefined,
          );
          expect(l2.nextRunAt?.getTime()).to.equal(l1.nextRunAt?.getTime());
          expect(l2.data).to.deep.equal({ key: 'lead', n: 2 });
        });
      });

      describe('queries', () => {
        it('filters by name, names, ids, search, data and disabled; sorts and paginates', async () => {
          const a1 = await repo.saveJob(
            jobParams({ name: 'send-email', priority: 1, data: { to: 'a@x.cm', meta: { lang: 'fr' } } }),
            undefined,
          );
          const a2 = await repo.saveJob(
            jobParams({ name: 'send-email', priority: 3, data: { to: 'b@x.cm', meta: { lang: 'en' } } }),
            undefined,
          );
          await repo.saveJob(
            jobParams({ name: 'Send-SMS', priority: 2, data: { to: '+237' }, disabled: true }),
            undefined,
          );
          await repo.saveJob(jobParams({ name: 'under_score%', priority: 0 }), undefined);

          expect((await repo.queryJobs({ name: 'send-email' })).total).to.equal(2);
          expect((await repo.queryJobs({ name: 'send-sms' })).total, 'names are case-sensitive').to.equal(0);
          expect((await repo.queryJobs({ names: ['send-email', 'Send-SMS'] })).total).to.equal(3);
          expect((await repo.queryJobs({ ids: [String(a1._id), String(a2._id), 'junk'] })).total).to.equal(2);
          expect((await repo.queryJobs({ id: 'junk' })).total).to.equal(0);
          expect((await repo.queryJobs({ search: 'SEND' })).total, 'search ignores case').to.equal(3);
          expect((await repo.queryJobs({ search: '_score%' })).total, 'LIKE wildcards are literal').to.equal(
            1,
          );
          expect((await repo.queryJobs({ search: 'e_s' })).total).to.equal(0);
          expect(
            (await repo.queryJobs({ data: { meta: { lang: 'en' } } })).jobs.map((job) => job._id),
          ).to.deep.equal([a2._id]);
          expect((await repo.queryJobs({ includeDisabled: false })).total).to.equal(3);

          // unknown sort keys (even Object.prototype ones) are ignored
          const hostileSort = JSON.parse('{"toString":"asc","constructor":"desc"}') as JobsSort;
          expect((await repo.queryJobs({ sort: hostileSort })).total).to.equal(4);
          const sorted = await repo.queryJobs({ sort: { priority: 'desc' } });
          expect(sorted.jobs.map((job) => job.priority)).to.deep.equal([3, 2, 1, 0]);
          const page = await repo.queryJobs({ sort: { priority: 'asc' }, skip: 1, limit: 2 });
          expect(page.total).to.equal(4);
          expect(page.jobs.map((job) => job.priority)).to.deep.equal([1, 2]);
          expect(
            (await repo.queryJobs({ sort: { priority: 'asc' }, skip: 3 })).jobs.map((job) => job.priority),
          ).to.deep.equal([3]);
          expect(await repo.getDistinctJobNames()).to.deep.equal(['Send-SMS', 'send-email', 'under_score%']);
        });

        it('computes states in SQL exactly as computeJobState does, and counts them in the overview', async () => {
          const t = Date.now();
          const fixtures: Partial<JobParameters>[] = [
            { lockedAt: new Date(t) },
            { nextRunAt: future(60_000) },
            { nextRunAt: past(60_000) },
            { nextRunAt: null, lastFinishedAt: new Date(t) },
            { nextRunAt: null },
            { nextRunAt: null, failedAt: new Date(t), lastFinishedAt: new Date(t) },
            { nextRunAt: future(600_000), failedAt: new Date(t - 5), lastFinishedAt: new Date(t) },
            { nextRunAt: future(600_000), failedAt: new Date(t) },
            { nextRunAt: future(600_000), repeatInterval: '1 hour' },
            { nextRunAt: future(600_000), repeatInterval: 0 },
            { nextRunAt: past(1000), repeatInterval: '0 6 * * *', disabled: true },
            { nextRunAt: future(600_000), disabled: true },
          ];
          for (const [index, fixture] of fixtures.entries()) {
            await repo.saveJob(jobParams({ name: index % 2 ? 'odd' : 'even', ...fixture }), undefined);
          }
          const all = (await repo.queryJobs()).jobs;
          expect(all).to.have.length(fixtures.length);
          const now = new Date();
          for (const job of all) {
            expect(job.state).to.equal(computeJobState(job, now));
          }
          const states: JobState[] = ['running', 'scheduled', 'queued', 'completed', 'failed', 'repeating'];
          for (const state of states) {
            const expected = all
              .filter((job) => computeJobState(job, now) === state)
              .map((job) => job._id)
              .sort();
            const actual = (await repo.queryJobs({ state })).jobs.map((job) => job._id).sort();
            expect(actual, state).to.deep.equal(expected);
          }
          expect((await repo.queryJobs({ state: 'paused' })).total).to.equal(2);

          const overview = await repo.getJobsOverview();
          expect(overview.map((entry) => entry.name)).to.deep.equal(['even', 'odd']);
          for (const entry of overview) {
            const jobs = all.filter((job) => job.name === entry.name);
            expect(entry.total).to.equal(jobs.length);
            expect(entry.paused).to.equal(jobs.filter((job) => job.disabled).length);
            for (const state of states) {
              expect(entry[state], `${entry.name}.${state}`).to.equal(
                jobs.filter((job) => computeJobState(job, now) === state).length,
              );
            }
          }
        });

        it('counts the queue: jobs due now, whatever their state', async () => {
          await repo.saveJob(jobParams({ nextRunAt: past(1000) }), undefined);
          await repo.saveJob(jobParams({ nextRunAt: past(1000), disabled: true }), undefined);
          await repo.saveJob(jobParams({ nextRunAt: future(60_000) }), undefined);
          await repo.saveJob(jobParams({ nextRunAt: null }), undefined);
          expect(await repo.getQueueSize()).to.equal(2);
        });
      });

      describe('bulk operations', () => {
        it('removes, disables and enables by id, ids, name, names, notNames and data; no criteria touches nothing', async () => {
          const jobs = await Promise.all(
            ['a', 'a', 'b', 'c', 'd'].map((name, n) =>
              repo.saveJob(jobParams({ name, data: { n, group: n % 2 ? 'odd' : 'even' } }), undefined),
            ),
          );
          expect(await repo.removeJobs({})).to.equal(0);
          expect(await repo.disableJobs({})).to.equal(0);
          expect(await repo.removeJobs({ names: [] })).to.equal(0);

          expect(await repo.disableJobs({ name: 'a' })).to.equal(2);
          expect(await repo.disableJobs({ name: 'a' }), 'already disabled').to.equal(0);
          expect(await repo.enableJobs({ ids: [String(jobs[0]?._id)] })).to.equal(1);
          expect(
            await repo.disableJobs({ data: { group: 'odd' } }),
            'only c changes: a(n=1) is disabled already',
          ).to.equal(1);

          expect(await repo.removeJobs({ id: 'bogus' })).to.equal(0);
          expect(await repo.removeJobs({ id: jobs[2]?._id })).to.equal(1);
          expect(await repo.removeJobs({ notNames: ['a', 'b'] })).to.equal(2);
          expect(await repo.removeJobs({ names: ['a'], data: { n: 0 } })).to.equal(1);
          expect((await repo.queryJobs()).jobs.map((job) => job.data)).to.deep.equal([
            { n: 1, group: 'odd' },
          ]);
          expect(await repo.purgeAllJobs()).to.equal(1);
        });
      });

      describe('locking', () => {
        it('lockJob is a compare-and-set on an unlocked, enabled, unchanged job', async () => {
          const saved = await repo.saveJob(jobParams({ nextRunAt: past(1000) }), undefined);
          const locked = await repo.lockJob(saved, { lastModifiedBy: 'w1' });
          expect(locked?.lockedAt).to.be.instanceOf(Date);
          expect(locked?.lastModifiedBy).to.equal('w1');
          expect(await repo.lockJob(saved, undefined), 'already locked').to.equal(undefined);

          const moved = await repo.saveJob(jobParams({ nextRunAt: past(1000) }), undefined);
          await repo.saveJob({ ...moved, nextRunAt: future(5000) }, undefined);
          expect(await repo.lockJob(moved, undefined), 'rescheduled meanwhile').to.equal(undefined);

          const disabled = await repo.saveJob(
            jobParams({ nextRunAt: past(1000), disabled: true }),
            undefined,
          );
          expect(await repo.lockJob(disabled, undefined)).to.equal(undefined);
        });

        it('unlockJob spares a running job (nextRunAt null); unlockJobs releases everything', async () => {
          const waiting = await repo.saveJob(
            jobParams({ nextRunAt: past(1000), lockedAt: new Date() }),
            undefined,
          );
          const running = await repo.saveJob(jobParams({ nextRunAt: null, lockedAt: new Date() }), undefined);
          await repo.unlockJob(waiting);
          await repo.unlockJob(running);
          expect((await repo.getJobById(String(waiting._id)))?.lockedAt).to.equal(undefined);
          expect((await repo.getJobById(String(running._id)))?.lockedAt).to.be.instanceOf(Date);
          await repo.unlockJobs([String(running._id), 'junk']);
          expect((await repo.getJobById(String(running._id)))?.lockedAt).to.equal(undefined);
        });

        it('getNextJobToRun: due first by nextRunAt then priority; skips future, disabled, other names and live locks', async () => {
          const same = past(10_000);
          await repo.saveJob(
            jobParams({ name: 'pick', nextRunAt: same, priority: 1, data: { id: 'low' } }),
            undefined,
          );
          await repo.saveJob(
            jobParams({ name: 'pick', nextRunAt: same, priority: 10, data: { id: 'high' } }),
            undefined,
          );
          await repo.saveJob(
            jobParams({ name: 'pick', nextRunAt: past(20_000), priority: -5, data: { id: 'oldest' } }),
            undefined,
          );
          await repo.saveJob(
            jobParams({ name: 'pick', nextRunAt: future(60_000), data: { id: 'future' } }),
            undefined,
          );
          await repo.saveJob(
            jobParams({ name: 'pick', nextRunAt: past(60_000), disabled: true, data: { id: 'disabled' } }),
            undefined,
          );
          await repo.saveJob(
            jobParams({
              name: 'pick',
              nextRunAt: past(60_000),
              lockedAt: past(1000),
              data: { id: 'live-lock' },
            }),
            undefined,
          );
          await repo.saveJob(
            jobParams({ name: 'other', nextRunAt: past(60_000), data: { id: 'other' } }),
            undefined,
          );

          const picked: unknown[] = [];
          const now = new Date();
          for (;;) {
            const job = await repo.getNextJobToRun('pick', future(100), past(60_000), now, {
              lastModifiedBy: 'w',
            });
            if (!job) break;
            expect(job.lockedAt?.getTime()).to.equal(now.getTime());
            picked.push(job.data);
          }
          expect(picked).to.deep.equal([{ id: 'oldest' }, { id: 'high' }, { id: 'low' }]);
        });

        it('getNextJobToRun takes over expired locks (crashed worker), even mid-run with nextRunAt null', async () => {
          const crashed = await repo.saveJob(
            jobParams({
              name: 'crash',
              nextRunAt: null,
              lockedAt: past(3_600_000),
              lastRunAt: past(3_600_000),
            }),
            undefined,
          );
          const fresh = await repo.saveJob(
            jobParams({ name: 'crash', nextRunAt: null, lockedAt: past(100) }),
            undefined,
          );
          const first = await repo.getNextJobToRun('crash', future(100), past(10_000), undefined, undefined);
          expect(first?._id).to.equal(crashed._id);
          expect(first?.lockedAt?.getTime()).to.be.closeTo(Date.now(), 1000);
          expect(
            await repo.getNextJobToRun('crash', future(100), past(10_000), undefined, undefined),
          ).to.equal(undefined);
          // a deadline just after the fresh lock (and before the re-lock of the crashed job)
          const deadline = new Date((fresh.lockedAt?.getTime() ?? 0) + 1);
          const later = await repo.getNextJobToRun('crash', future(100), deadline, undefined, undefined);
          expect(later?._id).to.equal(fresh._id);
        });

        it('concurrent getNextJobToRun calls never hand out the same job twice', async () => {
          await Promise.all(
            Array.from({ length: 10 }, (_, n) =>
              repo.saveJob(jobParams({ name: 'race', nextRunAt: past(1000), data: { n } }), undefined),
            ),
          );
          const picks = await Promise.all(
            Array.from({ length: 30 }, () =>
              repo.getNextJobToRun('race', future(100), past(600_000), undefined, undefined),
            ),
          );
          const ids = picks.filter((job) => job !== undefined).map((job) => job._id);
          expect(ids).to.have.length(10);
          expect(new Set(ids).size).to.equal(10);
        });

        it('saveJobState writes processor state, and fails only for a job that is gone', async () => {
          const saved = await repo.saveJob(jobParams({ nextRunAt: past(1000) }), undefined);
          const state = {
            ...saved,
            lockedAt: undefined,
            lastRunAt: new Date(),
            lastFinishedAt: new Date(),
            progress: 50,
            failCount: 1,
            failReason: 'x',
            failedAt: new Date(),
            nextRunAt: null,
          };
          await repo.saveJobState(state, { lastModifiedBy: 'w' });
          await repo.saveJobState(state, { lastModifiedBy: 'w' }); // unchanged row is not an error
          expect(await repo.getJobById(String(saved._id))).to.deep.include({
            progress: 50,
            failCount: 1,
            failReason: 'x',
            nextRunAt: null,
            lockedAt: undefined,
          });
          await repo.removeJobs({ id: saved._id });
          let failure: unknown;
          await repo.saveJobState(state, undefined).catch((error: unknown) => {
            failure = error;
          });
          expect(String(failure)).to.match(/cannot be updated/);
        });
      });
    });
  }

  describe('with a real Agenda', () => {
    let agendas: Agenda[] = [];
    let errors: unknown[] = [];

    /** An Agenda on its own backend; stopped after the test, and any 'error' it emits fails the test. */
    function startAgenda(knex: Knex, config: Partial<AgendaConfig> & { name?: string } = {}): Agenda {
      const agenda = new Agenda({ backend: new MysqlBackend({ knex }), processEvery: 100, ...config });
      agenda.on('error', (error: unknown) => errors.push(error));
      agendas.push(agenda);
      return agenda;
    }

    beforeEach(() => {
      agendas = [];
      errors = [];
    });

    afterEach(async () => {
      await Promise.all(agendas.map((agenda) => agenda.stop()));
      expect(errors.map(String)).to.deep.equal([]);
    });

    for (const variant of VARIANTS) {
      describe(variant.label, () => {
        let knex: Knex;
        before(() => {
          knex = newKnex({ flavor: variant.flavor });
        });

        it('now() runs a job once with its data, then marks it completed', async () => {
          const agenda = startAgenda(knex);
          const seen: unknown[] = [];
          agenda.define('hello', async (job) => {
            seen.push(job.attrs.data);
          });
          await agenda.start();
          const job = await agenda.now('hello', { candidate: 'Ngono' });
          await waitFor(
            async () =>
              (await agenda.queryJobs({ id: String(job.attrs._id), state: 'completed' })).total === 1,
            'completion',
          );
          expect(seen).to.deep.equal([{ candidate: 'Ngono' }]);
          const [done] = (await agenda.queryJobs({ id: String(job.attrs._id) })).jobs;
          expect(done?.lastFinishedAt).to.be.instanceOf(Date);
          expect(done?.lockedAt).to.equal(undefined);
          expect(done?.nextRunAt).to.equal(null);
        });

        it('schedule() waits for its time; every() repeats as one single job', async () => {
          // The variants share the table: the previous one's recurring job must not stand in the way.
          await knex('agenda_jobs').whereIn('name', ['tick', 'later']).delete();
          const agenda = startAgenda(knex);
          const runs: Record<string, number[]> = { later: [], tick: [] };
          agenda.define('later', async () => {
            runs.later?.push(Date.now());
          });
          agenda.define('tick', async () => {
            runs.tick?.push(Date.now());
          });
          await agenda.start();
          const when = future(400);
          await agenda.schedule(when, 'later');
          await agenda.every(200, 'tick');
          await agenda.every(200, 'tick');
          await waitFor(
            () => (runs.tick?.length ?? 0) >= 3 && runs.later?.length === 1,
            'three ticks and the scheduled run',
            // A bound for a loaded machine, not a wait: the check ends it as soon as it holds.
            20_000,
          );
          expect(runs.later?.[0]).to.be.at.least(when.getTime());
          const ticks = await agenda.queryJobs({ name: 'tick' });
          expect(ticks.total).to.equal(1);
          expect(ticks.jobs[0]).to.deep.include({ type: 'single', repeatInterval: 200 });
        });

        it('unique() keeps one job per key', async () => {
          const agenda = startAgenda(knex);
          const seen: unknown[] = [];
          agenda.define('match-alert', async (job) => {
            seen.push(job.attrs.data);
          });
          for (const n of [1, 2, 3]) {
            await agenda
              .create('match-alert', { offerId: 5, n })
              .unique({ 'data.offerId': 5 })
              .schedule('now')
              .save();
          }
          await agenda.start();
          await waitFor(() => seen.length === 1, 'the unique job');
          await delay(300);
          expect(seen).to.deep.equal([{ offerId: 5, n: 3 }]);
        });

        it('disabled jobs wait until enabled; cancel() removes jobs', async () => {
          const agenda = startAgenda(knex);
          let runs = 0;
          agenda.define('paused', async () => {
            runs++;
          });
          await agenda.start();
          await agenda.now('cancelled');
          const job = await agenda.create('paused').schedule('now').disable().save();
          await delay(400);
          expect(runs).to.equal(0);
          expect(await agenda.enable({ id: job.attrs._id })).to.equal(1);
          await waitFor(() => runs === 1, 'the enabled job');
          expect(await agenda.cancel({ name: 'cancelled' })).to.equal(1);
          expect((await agenda.queryJobs({})).jobs.map((j) => j.name)).to.deep.equal(['paused']);
        });

        it('a failing job records failReason, failCount and failedAt, and failCount survives a reschedule', async () => {
          const agenda = startAgenda(knex);
          agenda.define('flaky', async () => {
            throw new Error('SMTP down');
          });
          await agenda.start();
          const job = await agenda.now('flaky');
          const failed = async (count: number) => {
            const [stored] = (await agenda.queryJobs({ id: String(job.attrs._id) })).jobs;
            return stored?.failCount === count && !stored.lockedAt ? stored : undefined;
          };
          const first = await waitFor(() => failed(1), 'the first failure');
          expect(first).to.deep.include({ failReason: 'SMTP down', state: 'failed' });
          expect(first.failedAt).to.be.instanceOf(Date);
          await job.schedule('now').save();
          await waitFor(() => failed(2), 'the second failure');
        });
      });
    }

    describe('scheduling order and limits', () => {
      let knex: Knex;
      before(() => {
        knex = newKnex();
      });

      it('runs due jobs by priority', async () => {
        const agenda = startAgenda(knex, { maxConcurrency: 1 });
        const order: number[] = [];
        agenda.define('ranked', async (job) => {
          order.push(job.attrs.priority);
        });
        const due = past(1000);
        for (const priority of [-10, 10, 0, 5]) {
          const job = agenda.create('ranked');
          job.attrs.nextRunAt = due;
          await job.priority(priority).save();
        }
        await agenda.start();
        await waitFor(() => order.length === 4, 'all ranked jobs');
        expect(order).to.deep.equal([10, 5, 0, -10]);
      });

      it('respects per-definition concurrency and the global maxConcurrency', async () => {
        const agenda = startAgenda(knex, { maxConcurrency: 3 });
        const running = { parallel: 0, serial: 0 };
        const peak = { parallel: 0, serial: 0, total: 0 };
        const track = (name: 'parallel' | 'serial', ms: number) => async () => {
          running[name]++;
          peak[name] = Math.max(peak[name], running[name]);
          peak.total = Math.max(peak.total, running.parallel + running.serial);
          await delay(ms);
          running[name]--;
        };
        agenda.define('parallel', track('parallel', 120), { concurrency: 10 });
        agenda.define('serial', track('serial', 60), { concurrency: 1 });
        await agenda.start();
        await Promise.all([
          ...Array.from({ length: 6 }, () => agenda.now('parallel')),
          ...Array.from({ length: 3 }, () => agenda.now('serial')),
        ]);
        await waitFor(
          async () => (await agenda.queryJobs({ state: 'completed' })).total === 9,
          'nine completions',
        );
        expect(peak.total).to.be.at.most(3);
        expect(peak.serial).to.equal(1);
        expect(peak.parallel).to.be.at.least(2);
      });

      it('queryJobs and getJobsOverview reflect job states', async () => {
        const agenda = startAgenda(knex);
        agenda.define('ok', async () => undefined);
        await agenda.start();
        await agenda.now('ok');
        await agenda.schedule('in 2 hours', 'ok');
        await agenda.every('1 day', 'report', undefined, { skipImmediate: true });
        await waitFor(
          async () => (await agenda.queryJobs({ name: 'ok', state: 'completed' })).total === 1,
          'completion',
        );
        const overview = await agenda.getJobsOverview();
        expect(overview).to.deep.equal([
          {
            name: 'ok',
            total: 2,
            running: 0,
            scheduled: 1,
            queued: 0,
            completed: 1,
            failed: 0,
            repeating: 0,
            paused: 0,
          },
          {
            name: 'report',
            total: 1,
            running: 0,
            scheduled: 0,
            queued: 0,
            completed: 0,
            failed: 0,
            repeating: 1,
            paused: 0,
          },
        ]);
        expect((await agenda.queryJobs({ state: 'scheduled' })).jobs.map((job) => job.name)).to.deep.equal([
          'ok',
        ]);
      });
    });

    describe('several workers on one database', () => {
      it('two Agenda instances with their own pools run each of 500 jobs exactly once', async () => {
        await admin.schema.dropTableIfExists('test_job_runs');
        await admin.schema.createTable('test_job_runs', (table) => {
          table.increments('id');
          table.string('job_id').notNullable();
          table.string('worker').notNullable();
        });
        // a bare knex and the application's (mapped) knex: both row shapes share the table
        const workers = [
          { name: 'worker-a', knex: newKnex({ poolMax: 6 }) },
          { name: 'worker-b', knex: newKnex({ poolMax: 6, flavor: 'application' }) },
        ].map(({ name, knex }) => {
          const agenda = startAgenda(knex, {
            name,
            defaultConcurrency: 20,
            maxConcurrency: 40,
            defaultLockLimit: 60,
          });
          agenda.define('bulk', async (job) => {
            await knex('test_job_runs').insert({ job_id: String(job.attrs._id), worker: name });
          });
          return agenda;
        });
        const repo = new MysqlJobRepository({ knex: admin });
        for (let batch = 0; batch < 10; batch++) {
          await Promise.all(
            Array.from({ length: 50 }, (_, n) =>
              repo.saveJob(
                jobParams({ name: 'bulk', nextRunAt: new Date(), data: { n: batch * 50 + n } }),
                undefined,
              ),
            ),
          );
        }
        await Promise.all(workers.map((agenda) => agenda.start()));

        const countRuns = async () =>
          Number(((await admin('test_job_runs').count({ c: '*' })) as { c: number }[])[0]?.c);
        await waitFor(async () => (await countRuns()) >= 500, '500 runs', 25_000);
        await delay(500); // a duplicate would show up here
        const [[stats]] = (await admin.raw(
          'SELECT COUNT(*) AS runs, COUNT(DISTINCT job_id) AS jobs, SUM(worker = ?) AS a, SUM(worker = ?) AS b FROM test_job_runs',
          ['worker-a', 'worker-b'],
        )) as [[{ runs: number; jobs: number; a: string; b: string }]];
        expect(Number(stats.runs)).to.equal(500);
        expect(Number(stats.jobs)).to.equal(500);
        expect(Number(stats.a), 'worker-a did some').to.be.greaterThan(0);
        expect(Number(stats.b), 'worker-b did some').to.be.greaterThan(0);
        await waitFor(
          async () => (await repo.queryJobs({ name: 'bulk', state: 'completed' })).total === 500,
          'all completed',
        );
        await admin.schema.dropTable('test_job_runs');
      });

      it('a stale lock (worker killed mid-job) expires after lockLifetime and the job runs again', async () => {
        const repo = new MysqlJobRepository({ knex: admin });
        // what a SIGKILLed worker leaves behind: locked, started, never finished
        const ancient = await repo.saveJob(
          jobParams({
            name: 'stale',
            nextRunAt: null,
            lockedAt: past(3_600_000),
            lastRunAt: past(3_600_000),
            data: { which: 'ancient' },
          }),
          undefined,
        );
        const recent = await repo.saveJob(
          jobParams({
            name: 'stale',
            nextRunAt: null,
            lockedAt: new Date(),
            lastRunAt: new Date(),
            data: { which: 'recent' },
          }),
          undefined,
        );
        const agenda = startAgenda(newKnex(), { defaultLockLifetime: 1200 });
        const ranAt = new Map<string, number>();
        agenda.define('stale', async (job) => {
          ranAt.set(String(job.attrs._id), Date.now());
        });
        const started = Date.now();
        await agenda.start();
        await waitFor(() => ranAt.has(String(ancient._id)), 'the long-expired job', 2000);
        expect(ranAt.has(String(recent._id)), 'recent lock still valid').to.equal(false);
        await waitFor(() => ranAt.has(String(recent._id)), 'the job once its lock expired', 4000);
        expect((ranAt.get(String(recent._id)) ?? 0) - started).to.be.at.least(1000);
        await waitFor(async () => (await repo.getJobById(String(recent._id)))?.lastFinishedAt, 'completion');
      });

      it('a worker process SIGKILLed mid-job: another process runs the job after the lock lifetime', async () => {
        const repo = new MysqlJobRepository({ knex: admin });
        const job = await repo.saveJob(
          jobParams({ name: 'long-job', nextRunAt: new Date(), data: { report: 'monthly' } }),
          undefined,
        );
        const child = spawnWorker();
        let startedId: string | undefined;
        try {
          startedId = await waitForMessage(child, 'started', 15_000);
        } finally {
          child.kill('SIGKILL');
        }
        await new Promise((resolve) =>
          child.exitCode !== null || child.signalCode !== null
            ? resolve(undefined)
            : child.once('exit', resolve),
        );
        expect(startedId).to.equal(job._id);
        const orphan = await repo.getJobById(String(job._id));
        expect(orphan?.lockedAt, 'the dead worker still holds the lock').to.be.instanceOf(Date);
        expect(orphan?.lastFinishedAt).to.equal(undefined);

        const lockLifetime = 1500;
        const agenda = startAgenda(newKnex(), { name: 'survivor' });
        let takenOverAt = 0;
        agenda.define(
          'long-job',
          async () => {
            takenOverAt = Date.now();
          },
          { lockLifetime },
        );
        await agenda.start();
        await waitFor(() => takenOverAt > 0, 'the survivor to run the job', 6000);
        expect(takenOverAt - (orphan?.lockedAt?.getTime() ?? 0)).to.be.at.least(lockLifetime);
        const finished = await waitFor(async () => {
          const stored = await repo.getJobById(String(job._id));
          return stored?.lastFinishedAt && !stored.lockedAt ? stored : undefined;
        }, 'completion');
        expect(finished.lastModifiedBy).to.equal('survivor');
      });
    });
  });
});

function spawnWorker(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER_FIXTURE], {
    cwd: REPO_ROOT,
    env: { ...process.env, AGENDA_TEST_DB: TEST_DATABASE },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Resolve with the job id of the first IPC message of `type` from the child. */
function waitForMessage(child: ChildProcess, type: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`worker sent no "${type}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.on('message', (message: unknown) => {
      const payload = message as { type?: string; id?: string; message?: string };
      if (payload.type === 'error') {
        clearTimeout(timer);
        reject(new Error(`worker error: ${payload.message}`));
      } else if (payload.type === type) {
        clearTimeout(timer);
        resolve(String(payload.id));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited early with code ${code}`));
    });
  });
}
