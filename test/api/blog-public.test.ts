import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { ARTICLE_KEYS, insertArticle, insertComment } from '../helpers/blog-factories.ts';
import { unique } from '../helpers/unique.ts';

const COMMENT_KEYS = ['id', 'articleId', 'content', 'authorName', 'createdAt'];

async function flaggedEvents(commentId: number) {
  return testDb()('domainEvents')
    .where({ type: 'blog.comment.flagged' })
    .whereRaw("JSON_EXTRACT(data, '$.commentId') = ?", [commentId]);
}

describe('Public blog', () => {
  describe('articles and categories', () => {
    it('GET /public/blog/articles lists published articles only, newest first, filtered by category and q', async () => {
      const categorie = unique('Cat');
      const older = await insertArticle({
        categorie,
        titre: 'Réussir son entretien',
        publishedAt: new Date('2020-01-01T00:00:00Z'),
      });
      const newer = await insertArticle({
        categorie,
        titre: 'Écrire un CV',
        publishedAt: new Date('2020-02-01T00:00:00Z'),
      });
      await insertArticle({ categorie, status: 'DRAFT' });
      const res = await agent()
        .get('/v1/api/public/blog/articles')
        .query({ category: categorie })
        .expect(200);
      expect(res.body).to.have.all.keys('content', 'page');
      expect(res.body.page).to.deep.equal({ size: 20, number: 0, totalElements: 2, totalPages: 1 });
      expect(res.body.content.map((a: { id: number }) => a.id)).to.deep.equal([newer.id, older.id]);
      const item = res.body.content[0];
      expect(item).to.have.all.keys(...ARTICLE_KEYS);
      expect(item).to.include({
        slug: newer.slug,
        titre: 'Écrire un CV',
        categorie,
        status: 'PUBLISHED',
        coverUrl: null,
        coverVariants: null,
        extrait: 'Extrait',
      });
      expect(item.publishedAt).to.equal('2020-02-01T00:00:00.000Z');

      const q = await agent()
        .get('/v1/api/public/blog/articles')
        .query({ category: categorie, q: 'entretien' })
        .expect(200);
      expect(q.body.content.map((a: { id: number }) => a.id)).to.deep.equal([older.id]);
      const sorted = await agent()
        .get('/v1/api/public/blog/articles')
        .query({ category: categorie, sort: 'titre,asc', size: 1 })
        .expect(200);
      expect(sorted.body.page).to.deep.equal({ size: 1, number: 0, totalElements: 2, totalPages: 2 });
      await agent().get('/v1/api/public/blog/articles').query({ sort: 'status,asc' }).expect(400);
    });

    it('GET /public/blog/articles/{slug} gives a published article; a draft or unknown slug is 404', async () => {
      const a = await insertArticle({ titre: 'Publié' });
      const res = await agent().get(`/v1/api/public/blog/articles/${a.slug}`).expect(200);
      expect(res.body.success).to.equal(true);
      expect(res.body.data).to.have.all.keys(...ARTICLE_KEYS);
      expect(res.body.data).to.include({ id: a.id, titre: 'Publié', status: 'PUBLISHED' });
      const draft = await insertArticle({ status: 'DRAFT' });
      const missing = await agent().get(`/v1/api/public/blog/articles/${draft.slug}`).expect(404);
      expect(missing.body.error.code).to.equal('NOT_FOUND');
      await agent().get('/v1/api/public/blog/articles/nothing-here').expect(404);
    });

    it('GET /public/blog/categories: distinct categories of published articles, sorted, enveloped', async () => {
      const published = unique('Zeta');
      const draftOnly = unique('Draft');
      await insertArticle({ categorie: published });
      await insertArticle({ categorie: published });
      await insertArticle({ categorie: draftOnly, status: 'DRAFT' });
      const res = await agent().get('/v1/api/public/blog/categories').expect(200);
      expect(res.body).to.have.all.keys('success', 'message', 'data', 'error', 'timestamp');
      expect(res.body.data).to.be.an('array');
      expect(res.body.data.filter((c: string) => c === published)).to.have.length(1);
      expect(res.body.data).to.not.include(draftOnly);
      expect(res.body.data).to.deep.equal(
        [...res.body.data].sort((x: string, y: string) => x.localeCompare(y, 'fr', { sensitivity: 'base' })),
      );
    });
  });

  describe('comments', () => {
    let candidat: TestAccount;
    before(async () => {
      candidat = await createCandidat({ prenom: 'Aline', nom: 'Mbarga' });
    });

    it('GET /public/blog/articles/{slug}/comments lists visible comments, oldest first', async () => {
      const a = await insertArticle();
      const first = await insertComment(a.id, { content: 'Premier' });
      await insertComment(a.id, { content: 'Caché', hidden: true, reportCount: 4 });
      const second = await insertComment(a.id, { content: 'Second' });
      const res = await agent().get(`/v1/api/public/blog/articles/${a.slug}/comments`).expect(200);
      expect(res.body).to.have.all.keys('content', 'page');
      expect(res.body.content.map((c: { id: number }) => c.id)).to.deep.equal([first, second]);
      expect(res.body.content[0]).to.have.all.keys(...COMMENT_KEYS);
      expect(res.body.content[0]).to.include({
        articleId: a.id,
        content: 'Premier',
        authorName: 'Lecteur Test',
      });
      const draft = await insertArticle({ status: 'DRAFT' });
      await agent().get(`/v1/api/public/blog/articles/${draft.slug}/comments`).expect(404);
      await agent()
        .get(`/v1/api/public/blog/articles/${a.slug}/comments`)
        .query({ sort: 'reportCount,desc' })
        .expect(400);
    });

    it('POST /blog/articles/{slug}/comments: any signed-in user, public at once', async () => {
      const a = await insertArticle();
      const res = await agent()
        .post(`/v1/api/blog/articles/${a.slug}/comments`)
        .set(candidat.auth)
        .send({ content: '  Très utile, merci !  ' })
        .expect(200);
      expect(res.body).to.include({ success: true, message: 'Comment added' });
      expect(res.body.data).to.have.all.keys(...COMMENT_KEYS);
      expect(res.body.data).to.include({
        articleId: a.id,
        content: 'Très utile, merci !',
        authorName: 'Aline Mbarga',
      });
      const recruteur = await createRecruteur();
      const admin = await createAdmin();
      await agent()
        .post(`/v1/api/blog/articles/${a.slug}/comments`)
        .set(recruteur.auth)
        .send({ content: 'Recruteur' })
        .expect(200);
      await agent()
        .post(`/v1/api/blog/articles/${a.slug}/comments`)
        .set(admin.auth)
        .send({ content: 'Admin' })
        .expect(200);
      const list = await agent().get(`/v1/api/public/blog/articles/${a.slug}/comments`).expect(200);
      expect(list.body.content.map((c: { content: string }) => c.content)).to.deep.equal([
        'Très utile, merci !',
        'Recruteur',
        'Admin',
      ]);
      const row = await testDb()('blogComments').where({ id: res.body.data.id }).first();
      expect(row.accountId).to.equal(candidat.id);
    });

    it('POST comment: 401 without a token, 400 on empty content, 404 on a draft or unknown article', async () => {
      const a = await insertArticle();
      const anon = await agent()
        .post(`/v1/api/blog/articles/${a.slug}/comments`)
        .send({ content: 'x' })
        .expect(401);
      expect(anon.body.error.code).to.equal('TOKEN_MISSING');
      await agent().post(`/v1/api/blog/articles/${a.slug}/comments`).set(candidat.auth).send({}).expect(400);
      await agent()
        .post(`/v1/api/blog/articles/${a.slug}/comments`)
        .set(candidat.auth)
        .send({ content: '   ' })
        .expect(400);
      await agent()
        .post(`/v1/api/blog/articles/${a.slug}/comments`)
        .set(candidat.auth)
        .send({ content: 'x'.repeat(5001) })
        .expect(400);
      const draft = await insertArticle({ status: 'DRAFT' });
      await agent()
        .post(`/v1/api/blog/articles/${draft.slug}/comments`)
        .set(candidat.auth)
        .send({ content: 'x' })
        .expect(404);
      await agent()
        .post('/v1/api/blog/articles/unknown-slug/comments')
        .set(candidat.auth)
        .send({ content: 'x' })
        .expect(404);
    });
  });

  describe('reports (more than 3 hide the comment and emit blog.comment.flagged once)', () => {
    it('one report per user and comment: 409 ALREADY_REPORTED on a second', async () => {
      const a = await insertArticle();
      const commentId = await insertComment(a.id);
      const c = await createCandidat();
      const res = await agent()
        .post(`/v1/api/blog/comments/${commentId}/report`)
        .set(c.auth)
        .send({ reason: 'Spam' })
        .expect(200);
      expect(res.body).to.include({ success: true, message: 'Comment reported' });
      expect(res.body.data).to.deep.equal({ commentId, reported: true });
      const again = await agent()
        .post(`/v1/api/blog/comments/${commentId}/report`)
        .set(c.auth)
        .send({ reason: 'Spam encore' })
        .expect(409);
      expect(again.body.error.code).to.equal('ALREADY_REPORTED');
      expect(again.body.error.message).to.equal('Vous avez déjà signalé ce commentaire');
      expect(again.body.error.details).to.equal('Vous avez déjà signalé ce commentaire');
      const againEn = await agent()
        .post(`/v1/api/blog/comments/${commentId}/report`)
        .set(c.auth)
        .set('Accept-Language', 'en')
        .send({ reason: 'Spam encore' })
        .expect(409);
      expect(againEn.body.error.message).to.equal('You have already reported this comment');
      const row = await testDb()('blogComments').where({ id: commentId }).first('reportCount', 'hidden');
      expect(row).to.deep.equal({ reportCount: 1, hidden: false });
      const [report] = await testDb()('blogCommentReports').where({ commentId });
      expect(report).to.include({ accountId: c.id, reason: 'Spam' });
    });

    it('3 reports keep the comment visible; the 4th hides it and records the event; a 5th adds no event', async () => {
      const a = await insertArticle();
      const commentId = await insertComment(a.id);
      const reporters = await Promise.all([1, 2, 3, 4, 5].map(() => createCandidat()));
      for (const r of reporters.slice(0, 3))
        await agent()
          .post(`/v1/api/blog/comments/${commentId}/report`)
          .set(r.auth)
          .send({ reason: 'Insultant' })
          .expect(200);
      let row = await testDb()('blogComments').where({ id: commentId }).first('reportCount', 'hidden');
      expect(row).to.deep.equal({ reportCount: 3, hidden: false });
      expect(await flaggedEvents(commentId)).to.have.length(0);
      const visible = await agent().get(`/v1/api/public/blog/articles/${a.slug}/comments`).expect(200);
      expect(visible.body.content.map((c: { id: number }) => c.id)).to.include(commentId);

      await agent()
        .post(`/v1/api/blog/comments/${commentId}/report`)
        .set(reporters[3].auth)
        .send({ reason: 'Insultant' })
        .expect(200);
      row = await testDb()('blogComments').where({ id: commentId }).first('reportCount', 'hidden');
      expect(row).to.deep.equal({ reportCount: 4, hidden: true });
      const events = await flaggedEvents(commentId);
      expect(events).to.have.length(1);
      expect(events[0].scope).to.equal('admin');
      const data = typeof events[0].data === 'string' ? JSON.parse(events[0].data) : events[0].data;
      expect(data).to.deep.equal({ commentId, articleId: a.id, articleSlug: a.slug, reportCount: 4 });
      const hidden = await agent().get(`/v1/api/public/blog/articles/${a.slug}/comments`).expect(200);
      expect(hidden.body.content.map((c: { id: number }) => c.id)).to.not.include(commentId);

      await agent()
        .post(`/v1/api/blog/comments/${commentId}/report`)
        .set(reporters[4].auth)
        .send({ reason: 'Moi aussi' })
        .expect(200);
      expect(
        (await testDb()('blogComments').where({ id: commentId }).first('reportCount')).reportCount,
      ).to.equal(5);
      expect(await flaggedEvents(commentId)).to.have.length(1);
    });

    it('concurrent reports are all counted and flag the comment exactly once', async () => {
      const a = await insertArticle();
      const commentId = await insertComment(a.id);
      const reporters = await Promise.all(Array.from({ length: 8 }, () => createCandidat()));
      const results = await Promise.all(
        reporters.map((r) =>
          agent().post(`/v1/api/blog/comments/${commentId}/report`).set(r.auth).send({ reason: 'Spam' }),
        ),
      );
      expect(results.map((r) => r.status)).to.deep.equal(Array(8).fill(200));
      const row = await testDb()('blogComments').where({ id: commentId }).first('reportCount', 'hidden');
      expect(row).to.deep.equal({ reportCount: 8, hidden: true });
      expect(await testDb()('blogCommentReports').where({ commentId })).to.have.length(8);
      expect(await flaggedEvents(commentId)).to.have.length(1);
    });

    it('the same user reporting twice at once gets one 200 and one 409', async () => {
      const a = await insertArticle();
      const commentId = await insertComment(a.id);
      const c = await createCandidat();
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          agent().post(`/v1/api/blog/comments/${commentId}/report`).set(c.auth).send({ reason: 'Spam' }),
        ),
      );
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409, 409]);
      expect(
        (await testDb()('blogComments').where({ id: commentId }).first('reportCount')).reportCount,
      ).to.equal(1);
    });

    it('401 without a token, 400 without a reason, 404 for an unknown comment or one of a draft', async () => {
      const a = await insertArticle();
      const commentId = await insertComment(a.id);
      const c = await createCandidat();
      await agent().post(`/v1/api/blog/comments/${commentId}/report`).send({ reason: 'x' }).expect(401);
      await agent().post(`/v1/api/blog/comments/${commentId}/report`).set(c.auth).send({}).expect(400);
      await agent()
        .post(`/v1/api/blog/comments/${commentId}/report`)
        .set(c.auth)
        .send({ reason: '' })
        .expect(400);
      await agent()
        .post('/v1/api/blog/comments/999999999/report')
        .set(c.auth)
        .send({ reason: 'x' })
        .expect(404);
      const draft = await insertArticle({ status: 'DRAFT' });
      const onDraft = await insertComment(draft.id);
      await agent()
        .post(`/v1/api/blog/comments/${onDraft}/report`)
        .set(c.auth)
        .send({ reason: 'x' })
        .expect(404);
    });
  });
});
