/**
 * Talent-pool duplicates: a row whose email (any case, spaces) or phone number (any writing) is
 * already in the pool is reported with its line and never becomes a second member.
 */
import { expect } from 'chai';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { getVivierImport } from '../../domain/viviers/get-vivier-import.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { createVivierRow, queueImportRow } from '../helpers/vivier-factories.ts';
import { unique } from '../helpers/unique.ts';

const system = () => domainCtx({ type: 'system', id: 'test:pool-duplicates' });

/** Person i: a distinct email and a distinct Cameroonian mobile number (67 00 0i ii). */
const person = (tag: string, i: number) => {
  const digits = String(670000000 + i);
  return {
    email: `personne.${i}@${tag}.example.cm`,
    phone: `${digits.slice(0, 1)} ${digits.slice(1, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`,
    e164: `+237${digits}`,
    other: [
      `+237 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
      `00237${digits}`,
      `(+237) ${digits}`,
    ],
  };
};

describe('Talent pools: duplicates by normalised email or phone', function () {
  this.timeout(240000);

  it('a 10,000-line import where 1,000 people come twice: 9,000 members, the 1,000 duplicate lines reported; a re-import adds nothing', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const tag = unique('d').toLowerCase();
    const lines = ['email,nom,prenom,telephone'];
    const expected = new Map<number, { reason: 'EMAIL' | 'PHONE'; email: string }>();
    // 9,000 people; every 9th one (1,000 of them) comes back 4 lines later with another spelling.
    const pendingTwins: { at: number; row: string; reason: 'EMAIL' | 'PHONE'; email: string }[] = [];
    for (let i = 0; i < 9000; i++) {
      const p = person(tag, i);
      lines.push(`${p.email},Nom${i},Prenom${i},${p.phone}`);
      if (i % 9 === 0) {
        const byEmail = (i / 9) % 2 === 0;
        const row = byEmail
          ? `  ${p.email.toUpperCase()} ,Nom${i},Prenom${i},` // same email, another spelling, no phone
          : `autre.${i}@${tag}.example.cm,Nom${i},Prenom${i},${p.other[i % 3]}`; // another email, same phone
        pendingTwins.push({ at: i + 4, row, reason: byEmail ? 'EMAIL' : 'PHONE', email: p.email });
      }
      while (pendingTwins[0] && pendingTwins[0].at <= i) {
        const twin = pendingTwins.shift()!;
        lines.push(twin.row);
        expected.set(lines.length, { reason: twin.reason, email: twin.email }); // header is line 1
      }
    }
    for (const twin of pendingTwins) {
      lines.push(twin.row);
      expected.set(lines.length, { reason: twin.reason, email: twin.email });
    }
    expect(lines.length).to.equal(10001);
    expect(expected.size).to.equal(1000);
    const csv = lines.join('\n') + '\n';

    const importId = await queueImportRow(vivierId, csv);
    const started = Date.now();
    const progress = await runVivierImport(system(), importId);
    const elapsedMs = Date.now() - started;
    expect(progress).to.include({
      status: 'DONE',
      totalRows: 10000,
      importedRows: 9000,
      duplicateRows: 1000,
      errorRows: 0,
    });
    const db = testDb();
    expect(Number((await db('vivierCandidats').where({ vivierId }).count({ n: '*' }).first())!.n)).to.equal(
      9000,
    );

    // The report, as the recruiter reads it: every duplicate line, with what matched and whom.
    const view = await agent()
      .get(`/v1/api/recruiters/me/viviers/imports/${importId}`)
      .set(r.auth)
      .expect(200);
    const duplicates = view.body.data.duplicates as { line: number; reason: string; memberId: number }[];
    expect(duplicates.map((d) => d.line)).to.deep.equal([...expected.keys()].sort((a, b) => a - b));
    const members = new Map<number, { email: string; telephone: string }>(
      (await db('vivierCandidats').where({ vivierId }).select('id', 'email', 'telephone')).map(
        (m: { id: number; email: string; telephone: string }) => [m.id, m],
      ),
    );
    for (const d of duplicates) {
      const want = expected.get(d.line)!;
      expect(d.reason, `line ${d.line}`).to.equal(want.reason);
      expect(members.get(d.memberId)?.email, `line ${d.line}`).to.equal(want.email);
    }
    // Phones are stored in E.164 whatever the writing.
    expect(members.get(duplicates.find((d) => d.reason === 'PHONE')!.memberId)!.telephone).to.match(
      /^\+2376\d{8}$/,
    );
    console.log(`      10,000-line import with 1,000 duplicates: ${elapsedMs} ms`);

    const again = await queueImportRow(vivierId, csv);
    const second = await runVivierImport(system(), again);
    expect(second).to.include({ status: 'DONE', totalRows: 10000, importedRows: 0, duplicateRows: 10000 });
    expect(Number((await db('vivierCandidats').where({ vivierId }).count({ n: '*' }).first())!.n)).to.equal(
      9000,
    );
    const secondView = await getVivierImport(
      domainCtx({ type: 'account', id: r.id, role: 'RECRUTEUR', email: r.email }),
      again,
    );
    expect(secondView.duplicates).to.have.length(10000);
  });

  it('a single add of someone already in the pool under another spelling is a 409 ALREADY_IN_POOL, never a second row', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const api = agent();
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/candidats`;
    const first = await api
      .post(url)
      .set(r.auth)
      .send({ email: 'Jean.Dupont@Example.cm', telephone: '699 99 99 99' })
      .expect(200);
    expect(first.body.data).to.include({ email: 'jean.dupont@example.cm', telephone: '+237699999999' });
    const byPhone = await api
      .post(url)
      .set(r.auth)
      .send({ email: 'jd@example.cm', telephone: '(+237) 699-99-99-99' })
      .expect(409);
    expect(byPhone.body.error.code).to.equal('ALREADY_IN_POOL');
    expect(JSON.stringify(byPhone.body.error)).to.contain('telephone');
    const byEmail = await api.post(url).set(r.auth).send({ email: '  JEAN.DUPONT@example.CM ' }).expect(409);
    expect(byEmail.body.error.code).to.equal('ALREADY_IN_POOL');
    const rows = await testDb()('vivierCandidats').where({ vivierId });
    expect(rows).to.have.length(1);
    // Someone else (another email, another phone) is added.
    await api
      .post(url)
      .set(r.auth)
      .send({ email: 'autre@example.cm', telephone: '+237 677 11 22 33' })
      .expect(200);
    expect(await testDb()('vivierCandidats').where({ vivierId })).to.have.length(2);
  });
});
