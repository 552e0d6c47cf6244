/**
 * Generic over every declared route (so it covers routes added later): a route whose access is a
 * role list answers 401 without a token and 403 to a token of each role not in the list. Ids in
 * paths are 1 and the body is an empty JSON object: the role check comes before validation and
 * before any lookup, so neither matters.
 */
import { expect } from 'chai';
import { agent, buildApp } from '../helpers/app.ts';
import { koaPath } from '../../api/http/mount-routes.ts';
import { createAdmin, createCandidat, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { ROLES, type Role } from '../../models/account.ts';

describe('Authorization matrix (every route with a role list)', () => {
  let tokens: Record<Role, TestAccount>;

  before(async () => {
    tokens = {
      CANDIDAT: await createCandidat(),
      RECRUTEUR: await createRecruteur({ status: 'ACTIVE' }),
      ADMIN: await createAdmin(),
      SUPER_ADMIN: await createAdmin({ superAdmin: true }),
    };
  });

  it('answers 401 without a token and 403 to every role outside the list', async () => {
    const routes = buildApp().routes.filter((r) => Array.isArray(r.access));
    expect(routes.length).to.be.greaterThan(0);
    const api = agent();
    const failures: string[] = [];
    let cells = 0;
    for (const route of routes) {
      const allowed = route.access as readonly Role[];
      const url = `/v1/api${koaPath(route.path).replace(/:\w+/g, '1')}`;
      const call = (auth?: TestAccount) => {
        const req = api[route.method](url);
        if (auth) req.set(auth.auth);
        return route.method === 'get' || route.method === 'delete' ? req : req.send({});
      };
      const anonymous = await call();
      cells += 1;
      if (anonymous.status !== 401 || anonymous.body?.error?.code !== 'TOKEN_MISSING') {
        failures.push(
          `${route.method.toUpperCase()} ${route.path} anonymous -> ${anonymous.status} ${anonymous.body?.error?.code ?? ''}`,
        );
      }
      for (const role of ROLES.filter((r) => !allowed.includes(r))) {
        const res = await call(tokens[role]);
        cells += 1;
        if (res.status !== 403 || res.body?.error?.code !== 'FORBIDDEN') {
          failures.push(
            `${route.method.toUpperCase()} ${route.path} as ${role} -> ${res.status} ${res.body?.error?.code ?? ''}`,
          );
        }
      }
    }
    console.log(`      authorization matrix: ${cells} cells checked over ${routes.length} routes`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });
});
