import { expect } from 'chai';
import sharp from 'sharp';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb, testStorage } from '../helpers/env.ts';
import { createAdmin, createCandidat, type TestAccount } from '../helpers/factories.ts';
import { ARTICLE_KEYS, insertArticle, insertComment } from '../helpers/blog-factories.ts';
import { unique } from '../helpers/unique.ts';
import { expectRefusedToNonAdmins } from '../helpers/admin-access.ts';

const ADMIN_COMMENT_KEYS = ['id', 'articleId', 'content', 'authorName', 'createdAt', 'hidden', 'reportCount'];

async function refusedToOthers(method: 'get' | 'post' | 'put' | 'delete', url: string, body: object = {}) {
  const { asCandidate: asCandidat } = await expectRefusedToNonAdmins(method, url, body);
  expect(asCandidat.body.error.code).to.equal('FORBIDDEN');
}

async function audits(action: string, id: number) {
  return testDb()('auditLogs').where({ action, targetType: 'blog_article', targetId: String(id) });
}

describe('Admin blog', () => {
  let admin: TestAccount;
  before(async () => {
    admin = await createAdmin();
  });

  const create = (body: object) => agent().post('/v1/api/admin/blog/articles').set(admin.auth).send(body);

  describe('articles', () => {
    it('POST creates a DRAFT with a slug from the title, accents folded; audited', async () => {
      const word = unique('metier');
      const res = await create({
        titre: `Été à Douala : les ${word} qui recrutent`,
        contenu: 'Texte',
        categorie: 'Marché',
        extrait: 'Court',
      }).expect(200);
      expect(res.body).to.include({ success: true, message: 'Article créé' });
      expect(res.body.data).to.have.all.keys(...ARTICLE_KEYS);
      expect(res.body.data).to.include({
        titre: `Été à Douala : les ${word} qui recrutent`,
        slug: `ete-a-douala-les-${word}-qui-recrutent`,
        contenu: 'Texte',
        categorie: 'Marché',
        extrait: 'Court',
        status: 'DRAFT',
        publishedAt: null,
        coverUrl: null,
        coverVariants: null,
      });
      const row = await testDb()('blogArticles').where({ id: res.body.data.id }).first('authorAccountId');
      expect(row.authorAccountId).to.equal(admin.id);
      expect(await audits('blog.article.created', res.body.data.id)).to.have.length(1);
    });

    it('the same title again gets -2, then -3; a given slug already used is 409 CONFLICT', async () => {
      const titre = `Guide ${unique('ÇA')}`;
      const base = (await create({ titre, contenu: 'a', categorie: 'Guides' }).expect(200)).body.data.slug;
      expect(base).to.match(/^guide-ca[a-z0-9]+$/);
      expect(
        (await create({ titre, contenu: 'b', categorie: 'Guides' }).expect(200)).body.data.slug,
      ).to.equal(`${base}-2`);
      expect(
        (await create({ titre, contenu: 'c', categorie: 'Guides' }).expect(200)).body.data.slug,
      ).to.equal(`${base}-3`);
      const taken = await create({ titre: 'Autre', slug: base, contenu: 'd', categorie: 'Guides' }).expect(
        409,
      );
      expect(taken.body.error.code).to.equal('CONFLICT');
      expect(taken.body.error.message).to.equal(`Le slug « ${base} » est déjà utilisé par un autre article`);
      expect(taken.body.error.details).to.equal(
        `Le slug « ${base} » est déjà utilisé par un autre article (slug)`,
      );
      const takenEn = await create({ titre: 'Autre', slug: base, contenu: 'd', categorie: 'Guides' })
        .set('Accept-Language', 'en')
        .expect(409);
      expect(takenEn.body.error.message).to.equal(`The slug "${base}" is already used by another article`);
      const own = unique('mon-slug-');
      expect(
        (await create({ titre: 'Libre', slug: own, contenu: 'e', categorie: 'Guides' }).expect(200)).body.data
          .slug,
      ).to.equal(own);
    });

    it('concurrent creations with one title all get distinct slugs', async () => {
      const titre = `Simultané ${unique('t')}`;
      const results = await Promise.all(
        [1, 2, 3, 4].map(() => create({ titre, contenu: 'x', categorie: 'Guides' })),
      );
      expect(results.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
      const slugs = results.map((r) => r.body.data.slug as string);
      expect(new Set(slugs).size).to.equal(4);
      const base = slugs.find((s) => !/-\d$/.test(s));
      expect(slugs.sort()).to.deep.equal([base, `${base}-2`, `${base}-3`, `${base}-4`].sort());
    });

    it('POST refuses bad input (400) and other roles', async () => {
      await create({ contenu: 'x', categorie: 'c' }).expect(400);
      await create({ titre: 'T', contenu: 'x' }).expect(400);
      await create({ titre: '   ', contenu: 'x', categorie: 'c' }).expect(400);
      const badSlug = await create({ titre: 'T', slug: 'Pas Un Slug', contenu: 'x', categorie: 'c' }).expect(
        400,
      );
      expect(badSlug.body.error.details).to.contain('slug');
      await create({ titre: 'T', slug: 'double--tiret', contenu: 'x', categorie: 'c' }).expect(400);
      await refusedToOthers('post', '/v1/api/admin/blog/articles', {
        titre: 'T',
        contenu: 'x',
        categorie: 'c',
      });
    });

    it('GET lists drafts too, filtered by status, category and q; GET one by id', async () => {
      const categorie = unique('Adm');
      const draft = await insertArticle({ categorie, status: 'DRAFT', titre: 'Brouillon' });
      const published = await insertArticle({ categorie, titre: 'En ligne' });
      const all = await agent()
        .get('/v1/api/admin/blog/articles')
        .query({ category: categorie })
        .set(admin.auth)
        .expect(200);
      expect(all.body).to.have.all.keys('content', 'page');
      expect(all.body.content.map((a: { id: number }) => a.id)).to.have.members([draft.id, published.id]);
      const drafts = await agent()
        .get('/v1/api/admin/blog/articles')
        .query({ category: categorie, status: 'DRAFT' })
        .set(admin.auth)
        .expect(200);
      expect(drafts.body.content.map((a: { id: number }) => a.id)).to.deep.equal([draft.id]);
      expect(drafts.body.content[0]).to.have.all.keys(...ARTICLE_KEYS);
      const q = await agent()
        .get('/v1/api/admin/blog/articles')
        .query({ category: categorie, q: 'ligne' })
        .set(admin.auth)
        .expect(200);
      expect(q.body.content.map((a: { id: number }) => a.id)).to.deep.equal([published.id]);
      await agent()
        .get('/v1/api/admin/blog/articles')
        .query({ status: 'ONLINE' })
        .set(admin.auth)
        .expect(400);
      const one = await agent().get(`/v1/api/admin/blog/articles/${draft.id}`).set(admin.auth).expect(200);
      expect(one.body.data).to.include({ id: draft.id, status: 'DRAFT', titre: 'Brouillon' });
      await agent().get('/v1/api/admin/blog/articles/999999999').set(admin.auth).expect(404);
      await refusedToOthers('get', '/v1/api/admin/blog/articles');
      await refusedToOthers('get', `/v1/api/admin/blog/articles/${draft.id}`);
    });

    it('PUT changes the fields sent and keeps the slug on a new title; a used slug is 409', async () => {
      const a = await insertArticle({ titre: 'Ancien titre', status: 'DRAFT' });
      const other = await insertArticle();
      const res = await agent()
        .put(`/v1/api/admin/blog/articles/${a.id}`)
        .set(admin.auth)
        .send({ titre: 'Nouveau titre', extrait: null })
        .expect(200);
      expect(res.body.data).to.include({
        titre: 'Nouveau titre',
        slug: a.slug,
        extrait: null,
        contenu: 'Contenu de test',
      });
      const newSlug = unique('nouveau-');
      const moved = await agent()
        .put(`/v1/api/admin/blog/articles/${a.id}`)
        .set(admin.auth)
        .send({ slug: newSlug })
        .expect(200);
      expect(moved.body.data.slug).to.equal(newSlug);
      const conflict = await agent()
        .put(`/v1/api/admin/blog/articles/${a.id}`)
        .set(admin.auth)
        .send({ slug: other.slug })
        .expect(409);
      expect(conflict.body.error.code).to.equal('CONFLICT');
      await agent().put(`/v1/api/admin/blog/articles/${a.id}`).set(admin.auth).send({}).expect(400);
      await agent()
        .put(`/v1/api/admin/blog/articles/${a.id}`)
        .set(admin.auth)
        .send({ categorie: '' })
        .expect(400);
      await agent()
        .put('/v1/api/admin/blog/articles/999999999')
        .set(admin.auth)
        .send({ titre: 'x' })
        .expect(404);
      expect(await audits('blog.article.updated', a.id)).to.have.length(2);
      await refusedToOthers('put', `/v1/api/admin/blog/articles/${a.id}`, { titre: 'x' });
    });

    it('publish and unpublish move the state and the public view; wrong moves are 409 INVALID_TRANSITION', async () => {
      const a = await insertArticle({ status: 'DRAFT' });
      const pub = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/publish`)
        .set(admin.auth)
        .expect(200);
      expect(pub.body.data).to.include({ status: 'PUBLISHED' });
      expect(pub.body.data.publishedAt).to.be.a('string');
      await agent().get(`/v1/api/public/blog/articles/${a.slug}`).expect(200);
      const twice = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/publish`)
        .set(admin.auth)
        .expect(409);
      expect(twice.body.error.code).to.equal('INVALID_TRANSITION');
      expect(twice.body.error.message).to.equal('L’article est déjà publié');
      const twiceEn = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/publish`)
        .set(admin.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(twiceEn.body.error.message).to.equal('The article is already published');
      const unpub = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/unpublish`)
        .set(admin.auth)
        .expect(200);
      expect(unpub.body.data).to.include({ status: 'DRAFT', publishedAt: null });
      await agent().get(`/v1/api/public/blog/articles/${a.slug}`).expect(404);
      const notPublished = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/unpublish`)
        .set(admin.auth)
        .expect(409);
      expect(notPublished.body.error.message).to.equal('L’article n’est pas publié');
      const notPublishedEn = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/unpublish`)
        .set(admin.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(notPublishedEn.body.error.message).to.equal('The article is not published');
      await agent().post('/v1/api/admin/blog/articles/999999999/publish').set(admin.auth).expect(404);
      expect(await audits('blog.article.published', a.id)).to.have.length(1);
      expect(await audits('blog.article.unpublished', a.id)).to.have.length(1);
      await refusedToOthers('post', `/v1/api/admin/blog/articles/${a.id}/publish`);
      await refusedToOthers('post', `/v1/api/admin/blog/articles/${a.id}/unpublish`);
    });

    it('DELETE removes the article with its comments; answers {}', async () => {
      const a = await insertArticle();
      const commentId = await insertComment(a.id);
      await refusedToOthers('delete', `/v1/api/admin/blog/articles/${a.id}`);
      const res = await agent().delete(`/v1/api/admin/blog/articles/${a.id}`).set(admin.auth).expect(200);
      expect(res.body.data).to.deep.equal({});
      expect(await testDb()('blogArticles').where({ id: a.id }).first('id')).to.equal(undefined);
      expect(await testDb()('blogComments').where({ id: commentId }).first('id')).to.equal(undefined);
      expect(await audits('blog.article.deleted', a.id)).to.have.length(1);
      await agent().delete(`/v1/api/admin/blog/articles/${a.id}`).set(admin.auth).expect(404);
    });
  });

  describe('cover image', () => {
    const image = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
        .png()
        .toBuffer();
    const storage = () => testStorage();

    it('stores the image with 600/1200/1920 variants and shows their URLs; a new cover replaces the old file', async () => {
      const a = await insertArticle();
      const res = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/cover`)
        .set(admin.auth)
        .attach('file', await image(2400, 1200), 'cover.png')
        .expect(200);
      expect(res.body).to.include({ success: true, message: 'Couverture mise à jour' });
      const data = res.body.data;
      expect(data).to.have.all.keys(...ARTICLE_KEYS);
      const row = await testDb()('blogArticles').where({ id: a.id }).first('coverFileId');
      const fileId = row.coverFileId;
      expect(data.coverUrl).to.equal(`http://localhost:3000/v1/api/files/${fileId}`);
      expect(data.coverVariants).to.deep.equal({
        600: `http://localhost:3000/v1/api/files/${fileId}?size=600`,
        1200: `http://localhost:3000/v1/api/files/${fileId}?size=1200`,
        1920: `http://localhost:3000/v1/api/files/${fileId}?size=1920`,
      });
      const file = await testDb()('files').where({ id: fileId }).first();
      expect(file).to.include({ purpose: 'BLOG_COVER', contentType: 'image/png', ownerAccountId: admin.id });
      const variants = typeof file.variants === 'string' ? JSON.parse(file.variants) : file.variants;
      const small = await sharp(await storage().get(variants['600'])).metadata();
      expect(small.width).to.equal(600);
      const big = await sharp(await storage().get(variants['1920'])).metadata();
      expect(big.width).to.equal(1920);
      // The public view carries the cover too.
      const pub = await agent().get(`/v1/api/public/blog/articles/${a.slug}`).expect(200);
      expect(pub.body.data.coverVariants['1200']).to.equal(
        `http://localhost:3000/v1/api/files/${fileId}?size=1200`,
      );

      const again = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/cover`)
        .set(admin.auth)
        .attach('file', await image(800, 400), 'c.png')
        .expect(200);
      expect(again.body.data.coverUrl).to.not.equal(data.coverUrl);
      expect(await testDb()('files').where({ id: fileId }).first('id')).to.equal(undefined);
      expect(await storage().exists(file.storageKey)).to.equal(false);
      expect(await storage().exists(variants['600'])).to.equal(false);
      expect(
        await testDb()('auditLogs').where({ action: 'blog.article.cover_set', targetId: String(a.id) }),
      ).to.have.length(2);
    });

    it('refuses a file that is not an image (415), a missing file (400), an unknown article (404), other roles', async () => {
      const a = await insertArticle();
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const res = await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/cover`)
        .set(admin.auth)
        .attach('file', pdf, 'cover.png')
        .expect(415);
      expect(res.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
      await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/cover`)
        .set(admin.auth)
        .field('purpose', 'x')
        .expect(400);
      await agent()
        .post('/v1/api/admin/blog/articles/999999999/cover')
        .set(admin.auth)
        .attach('file', await image(10, 10), 'c.png')
        .expect(404);
      const candidat = await createCandidat();
      await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/cover`)
        .set(candidat.auth)
        .attach('file', await image(10, 10), 'c.png')
        .expect(403);
      await agent()
        .post(`/v1/api/admin/blog/articles/${a.id}/cover`)
        .attach('file', await image(10, 10), 'c.png')
        .expect(401);
      expect((await testDb()('blogArticles').where({ id: a.id }).first('coverFileId')).coverFileId).to.equal(
        null,
      );
    });
  });

  describe('comment moderation', () => {
    it('GET /admin/blog/comments?flagged=true lists hidden comments with their report count', async () => {
      const a = await insertArticle();
      const hidden = await insertComment(a.id, { hidden: true, reportCount: 4, content: 'Signalé' });
      const visible = await insertComment(a.id, { reportCount: 1 });
      const flagged = await agent()
        .get('/v1/api/admin/blog/comments')
        .query({ flagged: true, articleId: a.id })
        .set(admin.auth)
        .expect(200);
      expect(flagged.body).to.have.all.keys('content', 'page');
      expect(flagged.body.content).to.have.length(1);
      expect(flagged.body.content[0]).to.have.all.keys(...ADMIN_COMMENT_KEYS);
      expect(flagged.body.content[0]).to.include({
        id: hidden,
        articleId: a.id,
        content: 'Signalé',
        hidden: true,
        reportCount: 4,
      });
      const open = await agent()
        .get('/v1/api/admin/blog/comments')
        .query({ flagged: false, articleId: a.id })
        .set(admin.auth)
        .expect(200);
      expect(open.body.content.map((c: { id: number }) => c.id)).to.deep.equal([visible]);
      const all = await agent()
        .get('/v1/api/admin/blog/comments')
        .query({ articleId: a.id, sort: 'reportCount,desc' })
        .set(admin.auth)
        .expect(200);
      expect(all.body.content.map((c: { id: number }) => c.id)).to.deep.equal([hidden, visible]);
      await agent()
        .get('/v1/api/admin/blog/comments')
        .query({ flagged: 'sometimes' })
        .set(admin.auth)
        .expect(400);
      await refusedToOthers('get', '/v1/api/admin/blog/comments');
    });

    it('approve makes a hidden comment visible again and clears its reports; it may be reported afresh', async () => {
      const a = await insertArticle();
      const commentId = await insertComment(a.id);
      const reporters = await Promise.all([1, 2, 3, 4].map(() => createCandidat()));
      for (const r of reporters)
        await agent()
          .post(`/v1/api/blog/comments/${commentId}/report`)
          .set(r.auth)
          .send({ reason: 'x' })
          .expect(200);
      expect((await testDb()('blogComments').where({ id: commentId }).first('hidden')).hidden).to.equal(true);
      await refusedToOthers('post', `/v1/api/admin/blog/comments/${commentId}/approve`);

      const res = await agent()
        .post(`/v1/api/admin/blog/comments/${commentId}/approve`)
        .set(admin.auth)
        .expect(200);
      expect(res.body.data).to.have.all.keys(...ADMIN_COMMENT_KEYS);
      expect(res.body.data).to.include({ id: commentId, hidden: false, reportCount: 0 });
      expect(await testDb()('blogCommentReports').where({ commentId })).to.have.length(0);
      const list = await agent().get(`/v1/api/public/blog/articles/${a.slug}/comments`).expect(200);
      expect(list.body.content.map((c: { id: number }) => c.id)).to.include(commentId);
      const [audit] = await testDb()('auditLogs').where({
        action: 'blog.comment.approved',
        targetId: String(commentId),
      });
      expect(audit).to.include({ targetType: 'blog_comment', actorId: String(admin.id) });
      // Reports were cleared: the same users may report again.
      await agent()
        .post(`/v1/api/blog/comments/${commentId}/report`)
        .set(reporters[0].auth)
        .send({ reason: 'encore' })
        .expect(200);
      await agent().post('/v1/api/admin/blog/comments/999999999/approve').set(admin.auth).expect(404);
    });

    it('DELETE removes a comment; 404 afterwards', async () => {
      const a = await insertArticle();
      const commentId = await insertComment(a.id);
      await refusedToOthers('delete', `/v1/api/admin/blog/comments/${commentId}`);
      const res = await agent()
        .delete(`/v1/api/admin/blog/comments/${commentId}`)
        .set(admin.auth)
        .expect(200);
      expect(res.body.data).to.deep.equal({});
      expect(await testDb()('blogComments').where({ id: commentId }).first('id')).to.equal(undefined);
      expect(
        await testDb()('auditLogs').where({ action: 'blog.comment.deleted', targetId: String(commentId) }),
      ).to.have.length(1);
      await agent().delete(`/v1/api/admin/blog/comments/${commentId}`).set(admin.auth).expect(404);
      await agent().delete('/v1/api/admin/blog/comments/abc').set(admin.auth).expect(400);
    });
  });

  it('domain use cases work without HTTP (CLI): system actor, audited with ip "cli"', async () => {
    const { createArticle } = await import('../../domain/blog/create-article.ts');
    const view = await createArticle(domainCtx({ type: 'system', id: 'cli:editor' }), {
      titre: `Depuis la CLI ${unique('x')}`,
      contenu: 'x',
      categorie: 'CLI',
    });
    expect(view.status).to.equal('DRAFT');
    const [audit] = await audits('blog.article.created', view.id);
    expect(audit).to.include({ actorType: 'system', actorId: 'cli:editor', ip: 'cli' });
  });
});
