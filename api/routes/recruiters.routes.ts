/** Recruiter sign-up and the signed-in recruiter. Company and members: companies.routes.ts. */
import { defineRoutes, Reply } from '../http/route.ts';
import { RecruiterProfile, RecruiterRegistrationBody } from '../schemas/auth.ts';
import { registerRecruiter, type RecruiterRegistration } from '../../domain/recruiters/register-recruiter.ts';
import { getMyRecruiterProfile } from '../../domain/recruiters/recruiter-profile.ts';

const tag = 'Recruiter Auth';

export const routes = defineRoutes([
  {
    method: 'post',
    path: '/recruiters/register',
    tag,
    summary: 'Register a recruiter',
    description:
      'With `entreprise`: creates the company (plan GRATUIT) and the recruiter as its OWNER. With `invitationToken`: joins the inviting ' +
      'company as MEMBER (the email must be the invited one). Either way the recruiter starts in PENDING_EMAIL and a validation email is sent.',
    access: 'public',
    rateCategory: 'registration',
    body: RecruiterRegistrationBody,
    response: RecruiterProfile,
    errors: { 409: 'EMAIL_ALREADY_USED' },
    handler: async ({ ctx, body }) =>
      new Reply(
        await registerRecruiter(ctx, body as RecruiterRegistration),
        'Compte recruteur créé : validez votre adresse email',
      ),
  },
  {
    method: 'get',
    path: '/recruiters/me',
    tag,
    summary: 'The signed-in recruiter',
    description: 'Any recruiter status (a pending recruiter sees where it stands).',
    access: ['RECRUTEUR'],
    response: RecruiterProfile,
    handler: ({ ctx }) => getMyRecruiterProfile(ctx),
  },
]);
