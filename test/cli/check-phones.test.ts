import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur, createAdmin, createEntreprise } from '../helpers/factories.ts';
import { createVivierRow, addMemberRow } from '../helpers/vivier-factories.ts';
import { up as migratePhones } from '../../migrations/20261124120000_phones_e164.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';

describe('Phone numbers in E.164: the migration over old rows, then `recrutement db check-phones`', function () {
  this.timeout(120000);

  it('rewrites every readable old form, leaves the unreadable ones as they were and lists them', async () => {
    const db = testDb();
    const c1 = await createCandidat();
    const c2 = await createCandidat();
    const c3 = await createCandidat();
    const r1 = await createRecruteur();
    const a1 = await createAdmin();
    const pool = await createVivierRow(await createEntreprise());
    const m1 = await addMemberRow(pool, 'membre1@example.cm');
    const m2 = await addMemberRow(pool, 'membre2@example.cm');
    await db('candidates').where({ id: c1.id }).update({ telephone: '699 99 99 99' });
    await db('candidates').where({ id: c2.id }).update({ telephone: '(+237) 677-12-34-56' });
    await db('candidates').where({ id: c3.id }).update({ telephone: 'pas de téléphone' });
    await db('recruiters').where({ id: r1.id }).update({ telephone: '00237 222 23 45 67' });
    await db('admins').where({ id: a1.id }).update({ telephone: '+33 6 12 34 56 78' });
    await db('vivierCandidats').where({ id: m1 }).update({ telephone: '6 55 44 33 22' });
    await db('vivierCandidats').where({ id: m2 }).update({ telephone: '12345' });

    const before = await runBinary(['db', 'check-phones', '--json']);
    expect(before.code, before.stderr).to.equal(0);
    const listedBefore = parseJson<{ unreadable: { table: string; id: number; telephone: string }[] }>(
      before,
    );
    expect(listedBefore.unreadable).to.deep.include({
      table: 'candidates',
      id: c3.id,
      telephone: 'pas de téléphone',
    });

    await migratePhones(db);

    const phone = async (table: string, id: number) =>
      ((await db(table).where({ id }).first('telephone')) as { telephone: string | null }).telephone;
    expect(await phone('candidates', c1.id)).to.equal('+237699999999');
    expect(await phone('candidates', c2.id)).to.equal('+237677123456');
    expect(await phone('candidates', c3.id)).to.equal('pas de téléphone');
    expect(await phone('recruiters', r1.id)).to.equal('+237222234567');
    expect(await phone('admins', a1.id)).to.equal('+33612345678');
    expect(await phone('vivierCandidats', m1)).to.equal('+237655443322');
    expect(await phone('vivierCandidats', m2)).to.equal('12345');

    const after = await runBinary(['db', 'check-phones', '--json']);
    expect(after.code, after.stderr).to.equal(0);
    const listed = parseJson<{ unreadable: { table: string; id: number; telephone: string }[] }>(
      after,
    ).unreadable;
    expect(listed).to.deep.include({ table: 'candidates', id: c3.id, telephone: 'pas de téléphone' });
    expect(listed).to.deep.include({ table: 'vivier_candidats', id: m2, telephone: '12345' });
    const ids = listed.map((u) => `${u.table}#${u.id}`);
    for (const ok of [`candidates#${c1.id}`, `candidates#${c2.id}`, `recruiters#${r1.id}`, `admins#${a1.id}`])
      expect(ids).not.to.include(ok);

    const text = await runBinary(['db', 'check-phones']);
    expect(text.code).to.equal(0);
    expect(text.stdout).to.contain(`candidates #${c3.id}: "pas de téléphone"`);
    expect(text.stdout).to.match(/phone number\(s\) to correct by hand/);
  });
});
