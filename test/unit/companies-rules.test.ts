/** Companies: inviting members (caps and cooldown), and how administrators and the public list companies. */
import { expect } from 'chai';
import { MEMBER_INVITES_PER_DAY } from '../../domain/entreprises/member-invitation-rules.ts';
import {
  MEMBER_REINVITE_COOLDOWN_HOURS,
  cooldownOver,
  reinviteRefusedUntil,
} from '../../domain/entreprises/reinvite-cooldown.ts';
import { INVITATION_TTL_DAYS } from '../../domain/entreprises/invite-member.ts';
import { ENTREPRISE_SORTS } from '../../domain/entreprises/list-all-entreprises.ts';
import { PUBLIC_ENTREPRISE_SORT } from '../../domain/entreprises/list-public-entreprises.ts';

describe('Member invitation rules (unit)', () => {
  const last = new Date('2026-11-20T10:00:00Z');

  it('a company sends at most 20 invitations a day; an invitation stays valid 7 days', () => {
    expect(MEMBER_INVITES_PER_DAY).to.equal(20);
    expect(INVITATION_TTL_DAYS).to.equal(7);
  });

  it('an address never invited by the company may be invited at once', () => {
    expect(reinviteRefusedUntil(null, last)).to.equal(null);
  });

  it('the same address again within 24 hours is refused, saying when it may be invited again', () => {
    expect(MEMBER_REINVITE_COOLDOWN_HOURS).to.equal(24);
    expect(reinviteRefusedUntil(last, new Date('2026-11-20T10:00:00Z'))?.toISOString()).to.equal(
      '2026-11-21T10:00:00.000Z',
    );
    expect(reinviteRefusedUntil(last, new Date('2026-11-21T09:59:59.999Z'))?.toISOString()).to.equal(
      '2026-11-21T10:00:00.000Z',
    );
  });

  it('24 hours after, it may be invited again (at most 7 a week, not the 7 days the invitation lasts)', () => {
    expect(reinviteRefusedUntil(last, new Date('2026-11-21T10:00:00Z'))).to.equal(null);
    expect(reinviteRefusedUntil(last, new Date('2026-11-25T10:00:00Z'))).to.equal(null);
  });

  it('invitations older than 24 hours are forgotten: the cooldown is all they served', () => {
    expect(cooldownOver(new Date('2026-11-21T10:00:00Z')).toISOString()).to.equal('2026-11-20T10:00:00.000Z');
  });
});

describe('Company lists (unit)', () => {
  it('administrators sort companies by creation, name, plan, status or id; the public by name or creation', () => {
    expect(Object.keys(ENTREPRISE_SORTS)).to.have.members([
      'createdAt',
      'nomEntreprise',
      'plan',
      'status',
      'id',
    ]);
    expect(Object.keys(PUBLIC_ENTREPRISE_SORT)).to.have.members(['nomEntreprise', 'createdAt']);
  });
});
