/** Recruiter sign-up and the signed-in recruiter. Company and members: entreprises.routes.ts. */
import { defineRoutes, Reply, route } from '../http/route.ts';
import { RecruteurProfile, RecruteurProfileUpdate, RecruteurRegistrationBody } from '../schemas/auth.ts';
import { registerRecruteur } from '../../domain/recruteurs/register-recruteur.ts';
import { getMyRecruteurProfile } from '../../domain/recruteurs/recruteur-profile.ts';
import { updateMyRecruteurProfile } from '../../domain/recruteurs/update-my-recruteur-profile.ts';
import { languageOf } from '../i18n/language.ts';
import { withLangue } from '../i18n/account-langue.ts';

const tag = 'Recruiter Auth';

export const routes = defineRoutes([
  route({
    method: 'post',
    path: '/recruiters/register',
    tag,
    summary: 'Register a recruiter',
    description:
      'With `entreprise`: creates the company (plan GRATUIT) and the recruiter as its OWNER. With `invitationToken`: joins the inviting ' +
      'company as MEMBER (the email must be the invited one). Either way the recruiter starts in PENDING_EMAIL and a validation email is sent. ' +
      'The account’s `langue` (language of its emails) is the one sent, else the one chosen by Accept-Language.',
    access: 'public',
    rateCategory: 'registration',
    body: RecruteurRegistrationBody,
    response: RecruteurProfile,
    errors: { 409: 'EMAIL_ALREADY_USED' },
    handler: async ({ ctx, koa, body }) =>
      new Reply(
        await registerRecruteur(ctx, withLangue(body, languageOf(koa))),
        'Compte recruteur créé : validez votre adresse email',
      ),
  }),
  route({
    method: 'get',
    path: '/recruiters/me',
    tag,
    summary: 'The signed-in recruiter',
    description: 'Any recruiter status (a pending recruiter sees where it stands).',
    access: ['RECRUTEUR'],
    response: RecruteurProfile,
    handler: ({ ctx }) => getMyRecruteurProfile(ctx),
  }),
  route({
    method: 'put',
    path: '/recruiters/me',
    tag,
    summary: 'Update the signed-in recruiter',
    description:
      'Only the fields sent change: nom, prenom, telephone, posteOccupe (null clears it) and `langue`, the language of ' +
      'the emails sent to this account (fr or en). Any recruiter status may do it; the email is not editable here.',
    access: ['RECRUTEUR'],
    body: RecruteurProfileUpdate,
    response: RecruteurProfile,
    message: 'Profile updated',
    handler: ({ ctx, body }) => updateMyRecruteurProfile(ctx, body),
  }),
]);
