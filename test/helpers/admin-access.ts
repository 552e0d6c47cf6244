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
  const candidate = await createCandidat();
  const recruiter = await createRecruteur();
  const asCandidate = await agent()[method](url).set(candidate.auth).send(body).expect(403);
  const asRecruiter = await agent()[method](url).set(recruiter.auth).send(body).expect(403);
  const anonymous = await agent()[method](url).send(body).expect(401);
  return { asCandidate, asRecruiter, anonymous };
}
