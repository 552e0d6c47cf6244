/**
 * POST /recruiters/company/transfer-ownership (OWNER): another ACTIVE member becomes OWNER and the
 * caller becomes MEMBER. A company has exactly one OWNER at every moment, also when transfers
 * race: the company's recruiter rows are locked (SELECT ... FOR UPDATE) and the caller's role is
 * read again under the lock, so of two concurrent transfers by the same owner the second finds
 * it is no longer OWNER (403), and both role changes commit together or not at all.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import { Recruteur } from '../../models/recruteur.ts';
import type { Langue } from '../../models/account.ts';
import { enqueueEmail, entrepriseOwnershipTransferredEmail } from '../mail/index.ts';
import { OWNER_ONLY, requireEntrepriseOwner } from './current-recruteur.ts';
import { listEntrepriseMembers, type EntrepriseMember } from './list-members.ts';

interface NewOwner {
  email: string;
  langue: Langue;
  prenom: string;
  nomEntreprise: string;
}

export async function transferOwnership(ctx: Ctx, targetId: number): Promise<EntrepriseMember[]> {
  const caller = await requireEntrepriseOwner(ctx);
  if (targetId === caller.id)
    throw new ConflictError(
      'INVALID_TRANSITION',
      bilingual('Vous êtes déjà le propriétaire de l’entreprise', 'You already are the owner'),
    );
  await inTransaction(ctx, async (t) => {
    const rows = await Recruteur.query(t.db)
      .where({ entrepriseId: caller.entrepriseId })
      .orderBy('id')
      .forUpdate()
      .select('id', 'companyRole', 'status');
    const me = rows.find((r) => r.id === caller.id);
    if (!me || me.companyRole !== 'OWNER' || me.status !== 'ACTIVE') throw new ForbiddenError(OWNER_ONLY);
    // A recruiter of another company is not one the caller may know about.
    const target = rows.find((r) => r.id === targetId);
    if (!target) throw new NotFoundError('Recruiter');
    if (target.status !== 'ACTIVE') {
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual('Seul un membre actif peut devenir propriétaire', 'Only an ACTIVE member can become owner'),
        `status: ${target.status}`,
      );
    }
    const now = t.clock.now();
    await Recruteur.query(t.db).findById(caller.id).patch({ companyRole: 'MEMBER', updatedAt: now });
    await Recruteur.query(t.db).findById(targetId).patch({ companyRole: 'OWNER', updatedAt: now });
    const info = await Recruteur.query(t.db)
      .alias('r')
      .joinRelated('[account, entreprise]', { aliases: { account: 'a', entreprise: 'e' } })
      .where('r.id', targetId)
      .select('a.email', 'a.langue', 'r.prenom', 'e.nomEntreprise')
      .first()
      .castTo<NewOwner | undefined>();
    if (!info) throw new NotFoundError('Recruiter');
    await enqueueEmail(
      t,
      entrepriseOwnershipTransferredEmail({
        to: info.email,
        langue: info.langue,
        prenom: info.prenom,
        nomEntreprise: info.nomEntreprise,
        previousOwner: `${caller.prenom} ${caller.nom}`,
      }),
    );
  });
  return listEntrepriseMembers(ctx);
}
