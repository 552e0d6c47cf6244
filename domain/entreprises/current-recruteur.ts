/**
 * The signed-in recruiter. Recruiter features need an ACTIVE account
 * (PENDING_DOCS / PENDING_APPROVAL may log in, to upload documents, but not use the rest).
 */
import type { Ctx } from '../context.ts';
import { bilingual, ForbiddenError, UnauthorizedError } from '../errors.ts';
import { Recruteur, type EntrepriseRole, type RecruteurStatus } from '../../models/recruteur.ts';
import type { Langue } from '../../models/account.ts';
import { ACCOUNT_NOT_FOUND, RECRUITERS_ONLY } from '../common-refusals.ts';

export interface CurrentRecruteur {
  id: number;
  entrepriseId: number;
  status: RecruteurStatus;
  companyRole: EntrepriseRole;
  nom: string;
  prenom: string;
  email: string;
  /** The language of the recruiter's account: also that of emails sent on its behalf to people without one. */
  langue: Langue;
}

/** The refusal of what only the company's OWNER may do (also said under a lock: transfer-ownership.ts). */
export const OWNER_ONLY = bilingual(
  'Seul le propriétaire de l’entreprise peut faire cela',
  'Only the company owner may do this',
);

export async function currentRecruteur(ctx: Ctx): Promise<CurrentRecruteur> {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR')
    throw new ForbiddenError(RECRUITERS_ONLY);
  const row = await Recruteur.query(ctx.db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .where('r.id', ctx.actor.id)
    .select('r.id', 'r.entrepriseId', 'r.status', 'r.companyRole', 'r.nom', 'r.prenom', 'a.email', 'a.langue')
    .first()
    .castTo<CurrentRecruteur | undefined>();
  if (!row) throw new UnauthorizedError(ACCOUNT_NOT_FOUND);
  const { id, entrepriseId, status, companyRole: entrepriseRole, nom, prenom, email, langue } = row;
  return { id, entrepriseId, status, companyRole: entrepriseRole, nom, prenom, email, langue };
}

export async function requireActiveRecruteur(ctx: Ctx): Promise<CurrentRecruteur> {
  const r = await currentRecruteur(ctx);
  if (r.status !== 'ACTIVE')
    throw new ForbiddenError(
      bilingual('Votre compte recruteur n’est pas encore actif', 'Your recruiter account is not active yet'),
      'ACCOUNT_NOT_ACTIVE',
      `status: ${r.status}`,
    );
  return r;
}

export async function requireEntrepriseOwner(ctx: Ctx): Promise<CurrentRecruteur> {
  const r = await requireActiveRecruteur(ctx);
  if (r.companyRole !== 'OWNER') throw new ForbiddenError(OWNER_ONLY);
  return r;
}
