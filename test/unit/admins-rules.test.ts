/** Administrators: who may use the admin routes, the default access level, and how the list is sorted. */
import { expect } from 'chai';
import { adminAccountId } from '../../domain/admins/admin-actor.ts';
import { DEFAULT_NIVEAU_ACCES } from '../../domain/admins/create-admin.ts';
import { ADMIN_SORTS } from '../../domain/admins/list-admins.ts';
import { ForbiddenError } from '../../domain/errors.ts';
import type { Actor, Ctx } from '../../domain/context.ts';

const as = (actor: Actor) => ({ actor }) as unknown as Ctx;

describe('Administrator rules (unit)', () => {
  it('an administrator or a super administrator acts as its own account', () => {
    expect(adminAccountId(as({ type: 'account', id: 3, role: 'ADMIN', email: 'a@b.cm' }))).to.equal(3);
    expect(adminAccountId(as({ type: 'account', id: 4, role: 'SUPER_ADMIN', email: 's@b.cm' }))).to.equal(4);
  });

  it('a candidate, a recruiter, an anonymous caller or the CLI is refused here (the CLI passes ids itself)', () => {
    for (const actor of [
      { type: 'account', id: 5, role: 'CANDIDAT', email: 'c@b.cm' },
      { type: 'account', id: 6, role: 'RECRUTEUR', email: 'r@b.cm' },
      { type: 'anonymous' },
      { type: 'system', id: 'cli:root' },
    ] as Actor[])
      expect(() => adminAccountId(as(actor)), JSON.stringify(actor)).to.throw(
        ForbiddenError,
        'Administrators only',
      );
  });

  it('a new administrator has the STANDARD access level unless told otherwise', () => {
    expect(DEFAULT_NIVEAU_ACCES).to.equal('STANDARD');
  });

  it('administrators are sorted by creation, name, email or id', () => {
    expect(Object.keys(ADMIN_SORTS)).to.have.members(['createdAt', 'nom', 'email', 'id']);
  });
});
