/** Test helpers of the auth area: tokens read back from the email outbox, sign-ups through the API. */
import { expect } from 'chai';
import { testDb } from './env.ts';
import { agent } from './app.ts';
import { uniqueEmail } from './unique.ts';
import { createOneTimeToken } from '../../domain/auth/one-time-tokens.ts';
import { domainCtx } from './app.ts';

/** The token carried by the newest email of `template` sent to `to` (read from its text body). */
export async function emailedToken(to: string, template: string): Promise<string> {
  const row = await testDb()('outboundEmails')
    .where({ toAddress: to, template })
    .orderBy('id', 'desc')
    .first('textBody');
  expect(row, `no ${template} email to ${to}`).not.to.equal(undefined);
  const match = /token=([A-Za-z0-9_%-]+)/.exec(row.textBody as string);
  expect(match, 'no token link in the email').not.to.equal(null);
  return decodeURIComponent(match![1]);
}

export const PASSWORD = 'Secret-Pass-42';

export async function firstSecteurId(): Promise<number> {
  const row = await testDb()('secteursActivite').where({ actif: true }).orderBy('id').first('id');
  return row.id as number;
}

export async function recruteurRegistration(
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return {
    email: uniqueEmail('recruteur'),
    password: PASSWORD,
    nom: 'Ndongo',
    prenom: 'Claire',
    telephone: '+237699112233',
    posteOccupe: 'Responsable RH',
    entreprise: {
      nomEntreprise: 'Société Camerounaise de Test',
      secteurActiviteId: await firstSecteurId(),
      description: 'Négoce',
    },
    ...overrides,
  };
}

/** Registers a recruiter through the API and validates its email: PENDING_DOCS afterwards. */
export async function registeredRecruteur(): Promise<{ id: number; email: string; entrepriseId: number }> {
  const body = await recruteurRegistration();
  const res = await agent().post('/v1/api/recruiters/register').send(body).expect(200);
  const token = await emailedToken(body.email as string, 'email-validation');
  await agent().get('/v1/api/auth/validate-email').query({ token }).expect(200);
  return { id: res.body.data.id, email: body.email as string, entrepriseId: res.body.data.entrepriseId };
}

export function invitationToken(entrepriseId: number, email: string): Promise<string> {
  return createOneTimeToken(domainCtx(), 'RECRUITER_INVITATION', {
    payload: { entrepriseId, email },
    ttlMs: 7 * 24 * 3600 * 1000,
  });
}

export function login(email: string, password = PASSWORD) {
  return agent().post('/v1/api/auth/login').send({ email, password });
}
