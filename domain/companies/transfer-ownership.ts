/**
 * POST /recruiters/company/transfer-ownership (OWNER): another ACTIVE member becomes OWNER and the
 * caller becomes MEMBER. A company has exactly one OWNER at every moment, also when transfers
 * race: the company's recruiter rows are locked (SELECT ... FOR UPDATE) and the caller's role is
 * read again under the lock, so of two concurrent transfers by the same owner the second finds
 * it is no longer OWNER (403), and both role changes commit together or not at all.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import type { CompanyRole, RecruiterStatus } from '../../models/recruiter.ts';
import type { Langue } from '../../models/account.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { companyOwnershipTransferredEmail } from '../mail/templates/company-ownership-transferred.ts';
import { requireCompanyOwner } from '../recruiters/current-recruiter.ts';
import { listCompanyMembers, type CompanyMember } from './list-members.ts';

interface LockedRecruiter {
  id: number;
  companyRole: CompanyRole;
  status: RecruiterStatus;
}

export async function transferOwnership(ctx: Ctx, targetId: number): Promise<CompanyMember[]> {
  const caller = await requireCompanyOwner(ctx);
  if (targetId === caller.id) throw new ConflictError('INVALID_TRANSITION', 'You already are the owner');
  await inTransaction(ctx, async (t) => {
    const rows = (await t
      .db('recruiters')
      .where({ entrepriseId: caller.entrepriseId })
      .orderBy('id')
      .forUpdate()
      .select('id', 'companyRole', 'status')) as LockedRecruiter[];
    const me = rows.find((r) => r.id === caller.id);
    if (!me || me.companyRole !== 'OWNER' || me.status !== 'ACTIVE')
      throw new ForbiddenError('Only the company owner may do this');
    // A recruiter of another company is not one the caller may know about.
    const target = rows.find((r) => r.id === targetId);
    if (!target) throw new NotFoundError('Recruiter');
    if (target.status !== 'ACTIVE') {
      throw new ConflictError(
        'INVALID_TRANSITION',
        'Only an ACTIVE member can become owner',
        `recruiter status: ${target.status}`,
      );
    }
    const now = t.clock.now();
    await t.db('recruiters').where({ id: caller.id }).update({ companyRole: 'MEMBER', updatedAt: now });
    await t.db('recruiters').where({ id: targetId }).update({ companyRole: 'OWNER', updatedAt: now });
    const info = (await t
      .db('recruiters as r')
      .join('accounts as a', 'a.id', 'r.id')
      .join('entreprises as e', 'e.id', 'r.entrepriseId')
      .where('r.id', targetId)
      .first('a.email', 'a.langue', 'r.prenom', 'e.nomEntreprise')) as {
      email: string;
      langue: Langue;
      prenom: string;
      nomEntreprise: string;
    };
    await enqueueEmail(
      t,
      companyOwnershipTransferredEmail({
        to: info.email,
        langue: info.langue,
        prenom: info.prenom,
        nomEntreprise: info.nomEntreprise,
        previousOwner: `${caller.prenom} ${caller.nom}`,
      }),
    );
  });
  return listCompanyMembers(ctx);
}
