/**
 * Bad input, everywhere: every operation of the OpenAPI document (so routes added later are
 * covered) gets hostile requests from a caller its access allows (a company OWNER for recruiter
 * routes), with path ids of objects that caller owns so schema-valid nasty values reach the domain
 * and the database. Invalid input must be refused with a 4xx in the envelope; nothing may answer
 * 5xx, hang, or show a stack trace or SQL text. The cases come from test/helpers/hostile-cases.ts.
 */
import { expect } from 'chai';
import { buildApp } from '../helpers/app.ts';
import { listen, send, problemsOf, type Listening } from '../helpers/hostile-http.ts';
import { casesFor, operationsOf } from '../helpers/hostile-cases.ts';
import {
  callerRoleFor,
  cleanupHostileRows,
  fillPath,
  hostileActor,
  ownedPathValues,
} from '../helpers/hostile-actors.ts';
import type { RouteDef } from '../../api/http/route.ts';

const CONCURRENT_OPERATIONS = 4;

describe('Hostile input on every OpenAPI operation', function () {
  this.timeout(600_000);
  let server: Listening;
  let built: ReturnType<typeof buildApp>;

  before(async () => {
    built = buildApp();
    server = await listen(built.app);
  });

  after(async () => {
    await server?.close();
    await cleanupHostileRows();
  });

  it('refuses invalid input with a 4xx envelope and never answers 5xx, hangs or leaks internals', async () => {
    const routeOf = new Map<string, RouteDef>(
      built.routes.map((r) => [`${r.method.toUpperCase()} /v1/api${r.path}`, r]),
    );
    const operations = operationsOf(built.openapi);
    expect(operations.length).to.equal(built.routes.length);
    const failures: string[] = [];
    const started = Date.now();
    let requests = 0;
    const timing = new Map<string, number>();
    const statuses = new Map<number, number>();
    // A few operations at once (each has its own caller and objects); the cases of one run in order.
    const queue = [...operations];
    const worker = async () => {
      for (let op = queue.shift(); op; op = queue.shift()) {
        const route = routeOf.get(`${op.method} ${op.path}`);
        if (!route) {
          failures.push(`${op.method} ${op.path} has no RouteDef`);
          continue;
        }
        const actor = await hostileActor(callerRoleFor(route.access));
        const owned = await ownedPathValues(actor, route.path);
        const opPath = op.path;
        const path = (values: Record<string, string> = {}) => fillPath(opPath, { ...owned, ...values });
        const auth = actor.account ? actor.account.auth : {};
        for (const c of casesFor(op, path, auth)) {
          const t0 = Date.now();
          const answer = await send(server, c);
          requests += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const kind = c.label.slice(`${op.method} ${op.path} `.length).replace(/[=(].*$/, '');
          timing.set(kind, (timing.get(kind) ?? 0) + Date.now() - t0);
          for (const p of problemsOf(answer, c.expect)) failures.push(`${c.label} -> ${answer.status}: ${p}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_OPERATIONS }, worker));
    // HOSTILE_PROFILE=1: where the time goes, by kind of case (to keep the run under a minute).
    if (process.env.HOSTILE_PROFILE) console.log([...timing].sort((a, b) => b[1] - a[1]).slice(0, 25));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    console.log(
      `      hostile input: ${requests} requests over ${operations.length} operations in ${seconds} s, ${failures.length} failures (answers ${byStatus})`,
    );
    // A "__proto__" key in a body must not have reached Object.prototype.
    expect((Object.prototype as Record<string, unknown>).polluted).to.equal(undefined);
    expect(failures, failures.slice(0, 80).join('\n')).to.deep.equal([]);
  });
});
