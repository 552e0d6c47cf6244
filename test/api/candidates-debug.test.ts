import { agent } from '../helpers/app.ts';
import { testEnv, testDb } from '../helpers/env.ts';
import { createCandidate } from '../helpers/factories.ts';
describe('dbg', () => { it('x', async () => {
  const c = await createCandidate();
  const res = await agent().delete('/v1/api/candidates/profile/account').set(c.auth).send({ password: 'pas-le-bon', reason: 'x' });
  console.log(res.status, res.body, testEnv().config.uploadDir, await testDb()('files').limit(3));
}); });
