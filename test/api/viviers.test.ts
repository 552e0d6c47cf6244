import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { addMemberRow, createVivierRow } from '../helpers/vivier-factories.ts';
import { readEmailHtml, textLink } from '../helpers/email-html.ts';
import { domainCtx } from '../helpers/app.ts';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';

const VIVIER_KEYS = ['id', 'nom', 'description', 'candidatsCount', 'createdAt', 'updatedAt'];
const MEMBER_KEYS = [
  'id',
  'vivierId',
  'candidatId',
  'email',
  'nom',
  'prenom',
  'telephone',
  'tags',
  'notes',
  'source',
  'createdAt',
];
const IMPORT_KEYS = [
  'importId',
  'vivierId',
  'status',
  'totalRows',
  'importedRows',
  'duplicateRows',
  'errorRows',
  'errors',
  'warningRows',
  'warnings',
  'duplicates',
  'format',
  'sheet',
  'ignoredColumns',
  'failureMessage',
  'createdAt',
  'startedAt',
  'finishedAt',
];

describe('Talent pools: /recruiters/me/viviers CRUD', () => {
  it('creates, lists (paginated), reads, updates and deletes pools of my company', async () => {
    const r = await createRecruteur();
    const api = agent();
    const created = await api
      .post('/v1/api/recruiters/me/viviers')
      .set(r.auth)
      .send({ nom: ' Développeurs ', description: 'Java et PHP' })
      .expect(200);
    expect(created.body.data).to.have.all.keys(...VIVIER_KEYS);
    expect(created.body.data).to.include({
      nom: 'Développeurs',
      description: 'Java et PHP',
      candidatsCount: 0,
    });
    const id = created.body.data.id as number;
    await api.post('/v1/api/recruiters/me/viviers').set(r.auth).send({ nom: 'Commerciaux' }).expect(200);
    await addMemberRow(id, uniqueEmail());

    const list = await api
      .get('/v1/api/recruiters/me/viviers')
      .query({ size: 1, sort: 'nom,asc' })
      .set(r.auth)
      .expect(200);
    expect(list.body).to.have.all.keys('content', 'page');
    expect(list.body.page).to.deep.equal({ size: 1, number: 0, totalElements: 2, totalPages: 2 });
    expect(list.body.content[0]).to.include({ nom: 'Commerciaux' });

    const one = await api.get(`/v1/api/recruiters/me/viviers/${id}`).set(r.auth).expect(200);
    expect(one.body.data).to.include({ id, candidatsCount: 1 });

    const put = await api
      .put(`/v1/api/recruiters/me/viviers/${id}`)
      .set(r.auth)
      .send({ nom: 'Devs' })
      .expect(200);
    expect(put.body.data).to.include({ nom: 'Devs', description: null });

    const del = await api.delete(`/v1/api/recruiters/me/viviers/${id}`).set(r.auth).expect(200);
    expect(del.body.data).to.deep.equal({});
    await api.get(`/v1/api/recruiters/me/viviers/${id}`).set(r.auth).expect(404);
    expect(await testDb()('vivierCandidats').where({ vivierId: id }).first()).to.equal(undefined);
  });

  it('a colleague of the same company sees the pool; another company gets 404', async () => {
    const owner = await createRecruteur();
    const colleague = await createRecruteur({ entrepriseId: owner.entrepriseId });
    const stranger = await createRecruteur();
    const api = agent();
    const id = (
      await api.post('/v1/api/recruiters/me/viviers').set(owner.auth).send({ nom: 'Partagé' }).expect(200)
    ).body.data.id;
    await api.get(`/v1/api/recruiters/me/viviers/${id}`).set(colleague.auth).expect(200);
    for (const res of [
      await api.get(`/v1/api/recruiters/me/viviers/${id}`).set(stranger.auth),
      await api.put(`/v1/api/recruiters/me/viviers/${id}`).set(stranger.auth).send({ nom: 'x' }),
      await api.delete(`/v1/api/recruiters/me/viviers/${id}`).set(stranger.auth),
      await api.get(`/v1/api/recruiters/me/viviers/${id}/candidats`).set(stranger.auth),
      await api
        .post(`/v1/api/recruiters/me/viviers/${id}/candidats`)
        .set(stranger.auth)
        .send({ email: uniqueEmail() }),
      await api
        .post(`/v1/api/recruiters/me/viviers/${id}/invite`)
        .set(stranger.auth)
        .send({ message: 'Bonjour' }),
    ]) {
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('NOT_FOUND');
    }
    const list = await api.get('/v1/api/recruiters/me/viviers').set(stranger.auth).expect(200);
    expect(list.body.content).to.deep.equal([]);
  });

  it('refuses anonymous (401), candidates (403) and recruiters not yet ACTIVE (403 ACCOUNT_NOT_ACTIVE)', async () => {
    const pending = await createRecruteur({ status: 'PENDING_APPROVAL' });
    const candidat = await createCandidat();
    await agent().get('/v1/api/recruiters/me/viviers').expect(401);
    await agent().get('/v1/api/recruiters/me/viviers').set(candidat.auth).expect(403);
    const res = await agent()
      .post('/v1/api/recruiters/me/viviers')
      .set(pending.auth)
      .send({ nom: 'x' })
      .expect(403);
    expect(res.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');
  });

  it('bad input is a 400', async () => {
    const r = await createRecruteur();
    const api = agent();
    for (const body of [{}, { nom: '' }, { nom: '   ' }, { nom: 'x'.repeat(151) }, { nom: 12 }]) {
      const res = await api.post('/v1/api/recruiters/me/viviers').set(r.auth).send(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    }
    await api.get('/v1/api/recruiters/me/viviers').query({ sort: 'description,asc' }).set(r.auth).expect(400);
  });
});

describe('Talent pools: members', () => {
  let r: TestRecruteur;
  let vivierId: number;

  beforeEach(async () => {
    r = await createRecruteur();
    vivierId = await createVivierRow(r.entrepriseId);
  });

  it('adds a person (never linked to an account by email alone), and refuses the same email twice (409 ALREADY_IN_POOL)', async () => {
    const candidat = await createCandidat();
    const api = agent();
    const res = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/candidats`)
      .set(r.auth)
      .send({
        email: ` ${candidat.email.toUpperCase()} `,
        nom: 'Mbarga',
        prenom: 'Aline',
        telephone: '+237 690 00 00 00',
        tags: ['Java', 'java', 'SQL'],
        notes: 'Vue au salon',
      })
      .expect(200);
    expect(res.body.data).to.have.all.keys(...MEMBER_KEYS);
    expect(res.body.data).to.include({
      vivierId,
      candidatId: null, // never linked without the candidate's consent
      email: candidat.email,
      nom: 'Mbarga',
      source: 'MANUAL',
    });
    expect(res.body.data.tags).to.deep.equal(['Java', 'SQL']);

    const other = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/candidats`)
      .set(r.auth)
      .send({ email: 'sans.compte@example.cm' })
      .expect(200);
    expect(other.body.data).to.include({ candidatId: null, nom: null, telephone: null });
    expect(other.body.data.tags).to.deep.equal([]);

    const dup = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/candidats`)
      .set(r.auth)
      .send({ email: candidat.email })
      .expect(409);
    expect(dup.body.error).to.include({
      code: 'ALREADY_IN_POOL',
      message: 'Cette adresse email est déjà dans le vivier',
      details: `Cette adresse email est déjà dans le vivier (email: ${candidat.email})`,
    });
    const dupEn = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/candidats`)
      .set(r.auth)
      .set('Accept-Language', 'en')
      .send({ email: candidat.email })
      .expect(409);
    expect(dupEn.body.error.message).to.equal('This email is already in the pool');
  });

  it('bad member input is a 400', async () => {
    const api = agent();
    for (const body of [
      {},
      { email: 'pas-un-email' },
      { email: 'a@example.cm', telephone: 'abc' },
      { email: 'a@example.cm', tags: 'java' },
    ]) {
      const res = await api
        .post(`/v1/api/recruiters/me/viviers/${vivierId}/candidats`)
        .set(r.auth)
        .send(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    }
  });

  it('lists members paginated, searching name and email with q, filtering by tag (case ignored)', async () => {
    await addMemberRow(vivierId, 'aline.mbarga@example.cm', {
      nom: 'Mbarga',
      prenom: 'Aline',
      tags: ['Java', 'SQL'],
    });
    await addMemberRow(vivierId, 'paul@example.cm', { nom: 'Biya', prenom: 'Paul', tags: ['PHP'] });
    await addMemberRow(vivierId, 'cent%pour@example.cm', { nom: 'Essomba', tags: ['java'] });
    const api = agent();
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/candidats`;
    const all = await api.get(url).set(r.auth).query({ size: 2, sort: 'email,asc' }).expect(200);
    expect(all.body.page).to.deep.equal({ size: 2, number: 0, totalElements: 3, totalPages: 2 });
    expect(all.body.content[0]).to.have.all.keys(...MEMBER_KEYS);
    expect(all.body.content.map((m: { email: string }) => m.email)).to.deep.equal([
      'aline.mbarga@example.cm',
      'cent%pour@example.cm',
    ]);
    const names = async (query: Record<string, string>) =>
      (
        (
          await api
            .get(url)
            .set(r.auth)
            .query({ ...query, sort: 'email,asc' })
            .expect(200)
        ).body.content as { email: string }[]
      ).map((m) => m.email);
    expect(await names({ q: 'mbar' })).to.deep.equal(['aline.mbarga@example.cm']);
    expect(await names({ q: 'Aline Mbarga' })).to.deep.equal(['aline.mbarga@example.cm']);
    expect(await names({ q: 'PAUL@' })).to.deep.equal(['paul@example.cm']);
    expect(await names({ q: '%' })).to.deep.equal(['cent%pour@example.cm']);
    expect(await names({ tag: 'JAVA' })).to.deep.equal(['aline.mbarga@example.cm', 'cent%pour@example.cm']);
    expect(await names({ tag: 'php', q: 'biya' })).to.deep.equal(['paul@example.cm']);
    await api.get(url).set(r.auth).query({ sort: 'notes,asc' }).expect(400);
  });

  it('DELETE /vivier/{candidatVivierId} removes a member of my company only', async () => {
    const member = await addMemberRow(vivierId, uniqueEmail());
    const stranger = await createRecruteur();
    const api = agent();
    const refused = await api.delete(`/v1/api/vivier/${member}`).set(stranger.auth).expect(404);
    expect(refused.body.error.code).to.equal('NOT_FOUND');
    const res = await api.delete(`/v1/api/vivier/${member}`).set(r.auth).expect(200);
    expect(res.body).to.include({ success: true });
    expect(res.body.data).to.deep.equal({});
    await api.delete(`/v1/api/vivier/${member}`).set(r.auth).expect(404);
    await api.delete('/v1/api/vivier/abc').set(r.auth).expect(400);
  });
});

describe('Talent pools: invitations', () => {
  it('emails every member, or the chosen ones, with the offer link and the recruiter as Reply-To', async () => {
    const r = await createRecruteur({ plan: 'ENTREPRISE' });
    const vivierId = await createVivierRow(r.entrepriseId);
    const emails = [uniqueEmail('v1'), uniqueEmail('v2'), uniqueEmail('v3')];
    const ids = [];
    for (const e of emails) ids.push(await addMemberRow(vivierId, e, { prenom: 'Aline' }));
    const offreId = await createOffre(r, { titre: 'Data analyst' });
    const api = agent();
    const all = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(r.auth)
      .send({ message: 'Nous recrutons !', offreId })
      .expect(200);
    expect(all.body.data).to.deep.equal({ invited: 3, skipped: 0, skippedMembers: [] });
    const rows = await testDb()('outboundEmails')
      .whereIn('toAddress', emails)
      .where({ template: 'vivier-invitation' });
    expect(rows).to.have.length(3);
    expect(rows[0].textBody)
      .to.contain('Nous recrutons !')
      .and.contain('Data analyst')
      .and.contain(`/emplois/${offreId}-data-analyst`)
      .and.contain('Bonjour Aline');
    // The HTML part is the shared layout: the offer as a card, the answer as the button.
    const html = readEmailHtml(rows[0].htmlBody);
    expect(html.bodyText).to.contain('Nous recrutons !');
    expect(
      html.links.filter((l) => l.href.endsWith(`/emplois/${offreId}-data-analyst`)).map((l) => l.label),
    ).to.deep.equal(['Data analyst', 'Voir l’offre']);
    expect(html.buttons).to.deep.equal([
      { href: textLink(rows[0].textBody, 'Accepter ou refuser'), label: 'Accepter ou refuser' },
    ]);
    const headers = typeof rows[0].headers === 'string' ? JSON.parse(rows[0].headers) : rows[0].headers;
    expect(headers['Reply-To']).to.equal(r.email);
    expect(headers['List-Unsubscribe']).to.match(
      /^<http.*\/v1\/api\/public\/pool-invitations\/opt-out\?token=.+>$/,
    );

    // A member added since, and one invited a moment ago (not emailed again within 7 days).
    const late = uniqueEmail('v4');
    const lateId = await addMemberRow(vivierId, late);
    const some = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(r.auth)
      .send({ message: 'Relance', candidatVivierIds: [ids[1], lateId] })
      .expect(200);
    expect(some.body.data).to.deep.equal({
      invited: 1,
      skipped: 1,
      skippedMembers: [
        {
          candidatVivierId: ids[1],
          reason: 'ALREADY_INVITED_RECENTLY',
          message: 'Invitation en attente envoyée il y a moins de 7 jours',
        },
      ],
    });
    const counts = await testDb()('outboundEmails')
      .whereIn('toAddress', [emails[1], late])
      .where({ template: 'vivier-invitation' })
      .groupBy('toAddress')
      .select('toAddress', testDb().raw('count(*) as n'));
    expect(counts.map((c) => [c.toAddress, c.n]).sort()).to.deep.equal(
      [
        [emails[1], 1],
        [late, 1],
      ].sort(),
    );
  });

  it('refuses another company’s offer (404), a draft (400), a member of another pool (404), no message (400)', async () => {
    const r = await createRecruteur({ plan: 'ENTREPRISE' });
    const stranger = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const otherVivier = await createVivierRow(r.entrepriseId);
    await addMemberRow(vivierId, uniqueEmail());
    const foreignMember = await addMemberRow(otherVivier, uniqueEmail());
    const foreignOffre = await createOffre(stranger);
    const draft = await createOffre(r, { status: 'DRAFT' });
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/invite`;
    const api = agent();
    expect(
      (await api.post(url).set(r.auth).send({ message: 'x', offreId: foreignOffre }).expect(404)).body.error
        .code,
    ).to.equal('NOT_FOUND');
    expect(
      (await api.post(url).set(r.auth).send({ message: 'x', offreId: draft }).expect(400)).body.error.code,
    ).to.equal('VALIDATION_ERROR');
    const foreign = await api
      .post(url)
      .set(r.auth)
      .send({ message: 'x', candidatVivierIds: [foreignMember] })
      .expect(404);
    expect(foreign.body.error.details).to.equal(
      `Candidat du vivier introuvable (candidatVivierIds: ${foreignMember})`,
    );
    await api.post(url).set(r.auth).send({}).expect(400);
    await api.post(url).set(r.auth).send({ message: 'x', candidatVivierIds: [] }).expect(400);
  });
});

describe('Talent pools: CSV import upload and status', () => {
  it('queues an uploaded CSV, and the status shows the result once processed', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const csv = '\uFEFFemail;nom\r\na@example.cm;A\r\nnope;B\r\na@example.cm;A bis\r\n';
    const api = agent();
    const res = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(r.auth)
      .attach('file', Buffer.from(csv), { filename: 'candidats.csv', contentType: 'text/csv' })
      .expect(200);
    expect(res.body.data).to.have.all.keys('importId', 'status', 'format', 'sheet', 'ignoredColumns');
    expect(res.body.data.status).to.equal('QUEUED');
    const importId = res.body.data.importId as number;
    const row = await testDb()('vivierImports as i')
      .join('files as f', 'f.id', 'i.fileId')
      .where('i.id', importId)
      .first('f.purpose', 'f.contentType', 'f.ownerAccountId', 'f.originalName');
    expect(row).to.deep.equal({
      purpose: 'IMPORT',
      contentType: 'text/csv',
      ownerAccountId: r.id,
      originalName: 'candidats.csv',
    });

    const queued = await api.get(`/v1/api/recruiters/me/viviers/imports/${importId}`).set(r.auth).expect(200);
    expect(queued.body.data).to.have.all.keys(...IMPORT_KEYS);
    expect(queued.body.data).to.include({
      importId,
      vivierId,
      status: 'QUEUED',
      totalRows: 0,
      startedAt: null,
    });

    await runVivierImport(domainCtx(), importId);
    const done = await api.get(`/v1/api/recruiters/me/viviers/imports/${importId}`).set(r.auth).expect(200);
    expect(done.body.data).to.include({
      status: 'DONE',
      totalRows: 3,
      importedRows: 1,
      duplicateRows: 1,
      errorRows: 1,
      failureMessage: null,
    });
    expect(done.body.data.errors).to.deep.equal([
      {
        line: 3,
        code: 'EMAIL_INVALID',
        params: { value: 'nope' },
        column: 'email',
        message: 'email invalide « nope »',
      },
    ]);

    const stranger = await createRecruteur();
    await api.get(`/v1/api/recruiters/me/viviers/imports/${importId}`).set(stranger.auth).expect(404);
  });

  it('refuses binary content (415), a header without email (400), no file (400), another company’s pool (404)', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/import`;
    const api = agent();
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    const binary = await api
      .post(url)
      .set(r.auth)
      .attach('file', zip, { filename: 'candidats.csv', contentType: 'text/csv' })
      .expect(415);
    expect(binary.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    expect(binary.body.error.details).to.match(/archive zip, pas un tableur.*\(ZIP_ARCHIVE\)$/);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await api.post(url).set(r.auth).attach('file', png, { filename: 'a.csv' }).expect(415);
    const header = await api
      .post(url)
      .set(r.auth)
      .attach('file', Buffer.from('nom,prenom\nA,B\n'), { filename: 'a.csv' })
      .expect(400);
    expect(header.body.error.details).to.match(/n’a pas de colonne « email »/);
    const headerEn = await api
      .post(url)
      .set(r.auth)
      .set('Accept-Language', 'en')
      .attach('file', Buffer.from('nom,prenom\nA,B\n'), { filename: 'a.csv' })
      .expect(400);
    expect(headerEn.body.error).to.include({
      message: 'The header (line 1) has no "email" column; found: nom, prenom',
      details: 'The header (line 1) has no "email" column; found: nom, prenom (NO_EMAIL_COLUMN)',
    });
    await api.post(url).set(r.auth).field('x', 'y').expect(400);
    const stranger = await createRecruteur();
    await api
      .post(url)
      .set(stranger.auth)
      .attach('file', Buffer.from('email\na@example.cm\n'), { filename: 'a.csv' })
      .expect(404);
    expect(await testDb()('vivierImports').where({ vivierId }).count({ n: '*' }).first()).to.deep.equal({
      n: 0,
    });
  });
});
