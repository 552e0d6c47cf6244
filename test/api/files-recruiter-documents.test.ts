import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createRecruteur } from '../helpers/factories.ts';
import { binaryParser, uploadAs } from '../helpers/profile-factories.ts';
import { exeBuffer, pdfBuffer, pngBuffer } from '../helpers/file-fixtures.ts';

const send = (auth: { Authorization: string }, data: Buffer, name = 'rccm.pdf') =>
  uploadAs(auth, '/recruiters/me/documents', { data, name, type: 'application/pdf' });

describe('POST /recruiters/me/documents (PENDING_DOCS -> PENDING_APPROVAL)', () => {
  it('stores the PDF, links it and moves the recruiter to PENDING_APPROVAL with a history entry', async () => {
    const r = await createRecruteur({ status: 'PENDING_DOCS' });
    const res = await send(r.auth, pdfBuffer('RCCM'));
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.have.all.keys('status', 'documentId');
    expect(res.body.data.status).to.equal('PENDING_APPROVAL');
    const row = await testDb()('recruiters').where({ id: r.id }).first('status', 'documentFileId');
    expect(row).to.deep.equal({ status: 'PENDING_APPROVAL', documentFileId: res.body.data.documentId });
    const file = await testDb()('files').where({ id: res.body.data.documentId }).first();
    expect(file).to.include({ purpose: 'DOCUMENT', contentType: 'application/pdf', ownerAccountId: r.id });
    const history = await testDb()('recruiterStatusHistory')
      .where({ recruiterId: r.id })
      .orderBy('id', 'desc')
      .first();
    expect(history).to.include({
      oldStatus: 'PENDING_DOCS',
      newStatus: 'PENDING_APPROVAL',
      changedByEmail: r.email,
    });
    // Admins can read it to decide; other recruiters cannot.
    const admin = await createAdmin();
    const dl = await agent()
      .get(`/v1/api/files/${file.id}`)
      .set(admin.auth)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(dl.headers['content-type']).to.equal('application/pdf');
    const other = await createRecruteur();
    await agent().get(`/v1/api/files/${file.id}`).set(other.auth).expect(404);
  });

  it('refuses other states with 409 INVALID_TRANSITION, storing nothing', async () => {
    for (const status of ['PENDING_EMAIL', 'PENDING_APPROVAL', 'ACTIVE'] as const) {
      const r = await createRecruteur({ status });
      const res = await send(r.auth, pdfBuffer());
      expect(res.status, status).to.equal(409);
      expect(res.body.error.code).to.equal('INVALID_TRANSITION');
      expect(res.body.error.details).to.equal(
        `Le document d’immatriculation n’est attendu qu’au statut PENDING_DOCS (status: ${status})`,
      );
      expect(await testDb()('files').where({ ownerAccountId: r.id }).first()).to.equal(undefined);
    }
    const active = await createRecruteur();
    const inEnglish = { ...active.auth, 'Accept-Language': 'en' };
    const en = await send(inEnglish, pdfBuffer());
    expect(en.body.error.message).to.equal('Documents are expected only in status PENDING_DOCS');
  });

  it('refuses non-PDF content (415), empty files (400), no file (400), and other roles', async () => {
    const r = await createRecruteur({ status: 'PENDING_DOCS' });
    const exe = await send(r.auth, exeBuffer());
    expect(exe.status).to.equal(415);
    expect(exe.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    expect((await send(r.auth, await pngBuffer())).status).to.equal(415);
    expect((await send(r.auth, Buffer.alloc(0))).status).to.equal(400);
    await agent().post('/v1/api/recruiters/me/documents').set(r.auth).field('a', 'b').expect(400);
    expect((await testDb()('recruiters').where({ id: r.id }).first('status')).status).to.equal(
      'PENDING_DOCS',
    );
    const c = await createCandidat();
    expect((await send(c.auth, pdfBuffer())).status).to.equal(403);
    await agent().post('/v1/api/recruiters/me/documents').attach('file', pdfBuffer(), 'x.pdf').expect(401);
  });

  it('accepts one of two concurrent uploads; the loser leaves no file behind', async () => {
    const r = await createRecruteur({ status: 'PENDING_DOCS' });
    const results = await Promise.all([send(r.auth, pdfBuffer('a')), send(r.auth, pdfBuffer('b'))]);
    expect(results.map((x) => x.status).sort()).to.deep.equal([200, 409]);
    const files = await testDb()('files').where({ ownerAccountId: r.id });
    expect(files).to.have.length(1);
    expect(
      (await testDb()('recruiters').where({ id: r.id }).first('documentFileId')).documentFileId,
    ).to.equal(files[0].id);
  });
});
