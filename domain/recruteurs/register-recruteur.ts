/**
 * POST /recruiters/register, in one transaction:
 * - with `entreprise`: a new company on plan GRATUIT, the recruiter its OWNER;
 * - with `invitationToken`: the RECRUITER_INVITATION token (payload {entrepriseId, email}) is
 *   spent, the address must be the invited one, and the recruiter joins that company as MEMBER
 *   (after email validation it is ACTIVE directly: the company was already checked).
 * Either way the recruiter starts in PENDING_EMAIL with a first history entry (null ->
 * PENDING_EMAIL) and the validation email is queued. Any failure rolls everything back, the
 * invitation included, so a typo does not burn it.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { inTransaction, withActor } from '../context.ts';
import { bilingual, InputError, inputError, ValidationError } from '../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { consumeOneTimeToken, sendEmailValidation } from '../auth/index.ts';
import { createAccount, normalizeEmail, requireEmail } from '../accounts/index.ts';
import { recordInitialRecruteurStatus } from './record-status-change.ts';
import { loadRecruteurProfile, type RecruteurProfile } from './recruteur-profile.ts';
import { phoneField } from '../shared/index.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';
import { Ville } from '../../models/ville.ts';

export interface NewEntrepriseInput {
  nomEntreprise: string;
  secteurActiviteId: number;
  description?: string | null;
  anneeCreation?: number | null;
  nombreCollaborateurs?: string | null;
  villeId?: number | null;
  quartier?: string | null;
  codePostal?: string | null;
}

export interface RecruteurRegistration {
  email: string;
  password: string;
  nom: string;
  prenom: string;
  telephone: string;
  posteOccupe: string;
  entreprise?: NewEntrepriseInput;
  invitationToken?: string;
  /** The language of the account's emails (the route passes the request's when none is given). */
  langue: Langue;
}

const trimmed = (s: string | null | undefined) => s?.trim() || null;

async function createEntreprise(ctx: Ctx, input: NewEntrepriseInput): Promise<number> {
  const secteur = await SecteurActivite.query(ctx.db)
    .where({ id: input.secteurActiviteId, actif: true })
    .select('id')
    .first();
  if (!secteur)
    throw new InputError(
      'Unknown activity sector',
      'entreprise.secteurActiviteId: no active sector with this id',
      { field: 'body.entreprise.secteurActiviteId', code: 'unknownId', params: { kind: 'secteur' } },
    );
  if (input.villeId != null && !(await Ville.query(ctx.db).findById(input.villeId).select('id'))) {
    throw new InputError('Unknown city', 'entreprise.villeId: no city with this id', {
      field: 'body.entreprise.villeId',
      code: 'unknownId',
      params: { kind: 'ville' },
    });
  }
  const nomEntreprise = input.nomEntreprise.trim();
  if (!nomEntreprise) throw inputError('Company name required', 'body.entreprise.nomEntreprise', 'blank');
  const now = ctx.clock.now();
  const { id } = await Entreprise.query(ctx.db).insert({
    nomEntreprise,
    secteurActiviteId: input.secteurActiviteId,
    description: trimmed(input.description),
    anneeCreation: input.anneeCreation ?? null,
    nombreCollaborateurs: trimmed(input.nombreCollaborateurs),
    adresseVilleId: input.villeId ?? null,
    adresseQuartier: trimmed(input.quartier),
    adresseCodePostal: trimmed(input.codePostal),
    plan: 'GRATUIT',
    status: 'ACTIVE',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

async function acceptInvitation(ctx: Ctx, token: string, email: string): Promise<number> {
  const invitation = await consumeOneTimeToken(ctx, 'RECRUITER_INVITATION', token);
  const invitedEmail =
    typeof invitation.payload?.email === 'string' ? normalizeEmail(invitation.payload.email) : null;
  const entrepriseId = Number(invitation.payload?.entrepriseId);
  if (invitedEmail !== email)
    throw inputError('This invitation was sent to another email address', 'body.email', 'notInvitedAddress');
  const entreprise = Number.isInteger(entrepriseId)
    ? await Entreprise.query(ctx.db).where({ id: entrepriseId, status: 'ACTIVE' }).select('id').first()
    : undefined;
  if (!entreprise)
    throw new ValidationError(
      bilingual(
        'Invitation invalide ou expirée : l’entreprise n’accepte plus de membres',
        'Invalid or expired token: the company no longer accepts members',
      ),
      'invitationToken',
      'INVALID_TOKEN',
    );
  return entrepriseId;
}

export async function registerRecruteur(ctx: Ctx, input: RecruteurRegistration): Promise<RecruteurProfile> {
  if (Boolean(input.entreprise) === Boolean(input.invitationToken)) {
    throw new ValidationError(
      bilingual(
        'Indiquez soit l’entreprise à créer (entreprise), soit l’invitation reçue (invitationToken), pas les deux',
        'Give either the company to create (entreprise) or the invitation received (invitationToken), not both',
      ),
    );
  }
  const email = requireEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const invited = Boolean(input.invitationToken);
  return inTransaction(ctx, async (t) => {
    const entrepriseId = input.invitationToken
      ? await acceptInvitation(t, input.invitationToken, email)
      : await createEntreprise(t, input.entreprise!);
    const langue = input.langue;
    const id = await createAccount(t, { email, passwordHash, role: 'RECRUTEUR', langue });
    const now = t.clock.now();
    const prenom = input.prenom.trim();
    await Recruteur.query(t.db).insert({
      id,
      entrepriseId,
      nom: input.nom.trim(),
      prenom,
      telephone: phoneField(input.telephone, 'body.telephone'),
      posteOccupe: trimmed(input.posteOccupe),
      status: 'PENDING_EMAIL',
      companyRole: invited ? 'MEMBER' : 'OWNER',
      createdAt: now,
      updatedAt: now,
    });
    const self = withActor(t, { type: 'account', id, role: 'RECRUTEUR', email });
    await recordInitialRecruteurStatus(
      self,
      id,
      'PENDING_EMAIL',
      invited ? 'Inscription sur invitation' : 'Inscription',
    );
    await sendEmailValidation(t, { id, email, prenom, langue }, invited ? { invitedMember: true } : {});
    return (await loadRecruteurProfile(t.db, id))!;
  });
}
