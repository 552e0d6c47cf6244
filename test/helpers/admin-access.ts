/**
 * The refusals every administrators' route owes: a candidate and a recruiter get 403, an
 * anonymous caller 401. The answers are returned for the tests that check more of them.
 */
import type { Response } from 'supertest';
import { agent } from './app.ts';
import { createCandidat, createRecruteur } from './factories.ts';

export async function expectRefusedToNonAdmins(
  method: 'get' | 'post' | 'put' | 'delete',
  url: string,
  body: object = {},
): Promise<{ asCandidate: Response; asRecruiter: Response; anonymous: Response }> {
  const candidat = await createCandidat();
  const recruteur = await createRecruteur();
  const asCandidat = await agent()[method](url).set(candidat.auth).send(body).expect(403);
  const asRecruteur = await agent()[method](url).set(recruteur.auth).send(body).expect(403);
  const anonymous = await agent()[method](url).send(body).expect(401);
  return { asCandidate: asCandidat, asRecruiter: asRecruteur, anonymous };
}
