/** GET /admin/candidates/duplicates and `recrutement candidates duplicates`. */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createRecruteur } from '../helpers/factories.ts';
import { unique } from '../helpers/unique.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';

interface Group {
  key: string;
  reason: 'PHONE' | 'EMAIL';
  candidates: { id: number; nom: string; prenom: string; email: string; telephone: string | null }[];
}

/** A Cameroonian mobile number no other test uses (65x xx xx xx, from the process and a counter). */
let phoneCounter = 0;
const freshPhone = () => `+23765${String((process.pid * 1000 + ++phoneCounter) % 10000000).padStart(7, '0')}`;

describe('Duplicate candidate accounts: GET /admin/candidates/duplicates', function () {
  this.timeout(60000);

  it('groups a Gmail dots/+tag pair and a phone pair, never different people; paginated; CANDIDAT/RECRUTEUR refused', async () => {
    const db = testDb();
    const admin = await createAdmin();
    const local = unique('aline').toLowerCase();
    const a = await createCandidat({
      email: `${local.slice(0, 3)}.${local.slice(3)}+emplois@gmail.com`,
      prenom: 'Aline',
    });
    const b = await createCandidat({ email: `${local}@googlemail.com`, prenom: 'Aline' });
    const c = await createCandidat({ prenom: 'Paul' });
    const d = await createCandidat({ prenom: 'Paul' });
    const other1 = await createCandidat({ email: `${unique('jean').toLowerCase()}@gmail.com` });
    const other2 = await createCandidat({ email: `${unique('jeanne').toLowerCase()}@gmail.com` });
    const shared = freshPhone();
    await db('candidates').whereIn('id', [c.id, d.id]).update({ telephone: shared });
    for (const x of [a, b, other1, other2])
      await db('candidates').where({ id: x.id }).update({ telephone: freshPhone() });

    const api = agent();
    const groups: Group[] = [];
    for (let page = 0; ; page++) {
      const res = await api
        .get('/v1/api/admin/candidates/duplicates')
        .query({ page, size: 2 })
        .set(admin.auth)
        .expect(200);
      expect(res.body.page.size).to.equal(2);
      groups.push(...(res.body.content as Group[]));
      if (page + 1 >= res.body.page.totalPages) break;
    }
    const mailbox = `${local}@gmail.com`;
    const gmail = groups.find((g) => g.reason === 'EMAIL' && g.key === mailbox);
    expect(gmail, JSON.stringify(groups)).not.to.equal(undefined);
    expect(gmail!.candidates.map((x) => x.id)).to.deep.equal([a.id, b.id]);
    expect(gmail!.candidates[0]).to.have.all.keys(
      'id',
      'nom',
      'prenom',
      'email',
      'telephone',
      'createdAt',
      'lastLoginAt',
    );
    const phone = groups.find((g) => g.reason === 'PHONE' && g.key === shared);
    expect(phone!.candidates.map((x) => x.id).sort()).to.deep.equal([c.id, d.id].sort());
    expect(phone!.candidates[0]!.telephone).to.equal(shared);
    // Different people are in no group, and nobody is in a group twice for one reason.
    const grouped = groups.flatMap((g) => g.candidates.map((x) => x.id));
    expect(grouped).not.to.include(other1.id);
    expect(grouped).not.to.include(other2.id);
    for (const g of groups) expect(g.candidates.length).to.be.greaterThan(1);

    const candidat = await createCandidat();
    await api.get('/v1/api/admin/candidates/duplicates').set(candidat.auth).expect(403);
    await api
      .get('/v1/api/admin/candidates/duplicates')
      .set((await createRecruteur()).auth)
      .expect(403);
    await api.get('/v1/api/admin/candidates/duplicates').query({ size: 0 }).set(admin.auth).expect(400);

    // The CLI lists the same groups.
    const cli = await runBinary(['candidates', 'duplicates', '--json']);
    expect(cli.code, cli.stderr).to.equal(0);
    const cliGroups = parseJson<Group[]>(cli);
    expect(cliGroups.find((g) => g.key === mailbox)!.candidates.map((x) => x.id)).to.deep.equal([a.id, b.id]);
    expect(cliGroups.find((g) => g.key === shared)!.candidates).to.have.length(2);
    const text = await runBinary(['candidates', 'duplicates']);
    expect(text.code, text.stderr).to.equal(0);
    expect(text.stdout)
      .to.contain(mailbox)
      .and.to.contain(shared)
      .and.to.match(/group\(s\)/);
  });
});
