/**
 * The password hashing cost (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_TIME_COST): new hashes are made
 * at the current cost, hashes made at another still verify, and a successful login rehashes them.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { createCandidat, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import {
  hashPassword,
  passwordHashCost,
  setPasswordHashCost,
  type PasswordHashCost,
} from '../../lib/passwords.ts';

/** The cost an operator moved to: twice the suite's memory, so its hashes differ from the factories'. */
const RAISED: PasswordHashCost = { memoryKib: 2048, timeCost: 2 };

const storedHash = async (id: number): Promise<string> =>
  (await testDb()('accounts').where({ id }).first('passwordHash')).passwordHash;

/** A candidate whose password was hashed at the suite's cost, before the operator raised it. */
async function candidatHashedAt(cost: PasswordHashCost) {
  const candidat = await createCandidat();
  const passwordHash = await hashPassword(DEFAULT_PASSWORD, cost);
  await testDb()('accounts').where({ id: candidat.id }).update({ passwordHash });
  return candidat;
}

const login = (email: string, password: string) =>
  agent().post('/v1/api/auth/login').send({ email, password });

describe('Password hashing cost', () => {
  let suiteCost: PasswordHashCost;
  beforeEach(() => {
    suiteCost = passwordHashCost();
    setPasswordHashCost(RAISED);
  });
  afterEach(() => setPasswordHashCost(suiteCost));

  it('a login rehashes a hash made at another cost, once, and the password goes on working', async () => {
    const candidat = await candidatHashedAt(suiteCost);
    const before = await storedHash(candidat.id);
    expect(before).to.match(/^\$argon2id\$v=19\$m=1024,p=4,t=1\$/);

    await login(candidat.email, DEFAULT_PASSWORD).expect(200);
    const rehashed = await storedHash(candidat.id);
    expect(rehashed).to.match(/^\$argon2id\$v=19\$m=2048,p=4,t=2\$/);

    await login(candidat.email, DEFAULT_PASSWORD).expect(200);
    expect(await storedHash(candidat.id), 'already at the current cost').to.equal(rehashed);
  });

  it('a wrong password leaves the hash as it was', async () => {
    const candidat = await candidatHashedAt(suiteCost);
    const before = await storedHash(candidat.id);
    const res = await login(candidat.email, `${DEFAULT_PASSWORD}-wrong`).expect(401);
    expect(res.body.error.code).to.equal('INVALID_CREDENTIALS');
    expect(await storedHash(candidat.id)).to.equal(before);
  });

  it('a hash made at the raised cost still verifies after the cost goes back down', async () => {
    const email = uniqueEmail('cost');
    await agent()
      .post('/v1/api/candidates/register')
      .send({ email, password: DEFAULT_PASSWORD, nom: 'Ngo', prenom: 'Aline' })
      .expect(200);
    const account = await testDb()('accounts').where({ email }).first('id', 'passwordHash');
    expect(account.passwordHash, 'registered at the current cost').to.match(/\$m=2048,p=4,t=2\$/);

    await testDb()('accounts').where({ id: account.id }).update({ emailVerifiedAt: new Date() });
    setPasswordHashCost(suiteCost);
    await login(email, DEFAULT_PASSWORD).expect(200);
    expect(await storedHash(account.id)).to.match(/\$m=1024,p=4,t=1\$/);
  });
});
