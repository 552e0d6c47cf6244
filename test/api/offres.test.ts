import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  OFFRE_KEYS,
  createDraft,
  newSecteur,
  offreBody,
  publishedOffre,
  recruteurWithPlan,
  uniqueWord,
} from '../helpers/offre-factories.ts';

const api = () => agent();

async function villeId(slug: string): Promise<number> {
  return (await testDb()('villes').where({ slug }).first('id')).id;
}

describe('Offres: recruiter CRUD and lifecycle', () => {
  describe('POST /offres', () => {
    it('creates a DRAFT with the full OffreEmploiResponse', async () => {
      const r = await createRecruteur();
      const yaounde = await villeId('yaounde');
      const res = await api()
        .post('/v1/api/offres')
        .set(r.auth)
        .send(
          offreBody({
            villeId: yaounde,
            competences: [' Node.js ', 'node.js', 'SQL'],
            deadline: '2099-12-31',
          }),
        )
        .expect(200);
      expect(res.body.success).to.equal(true);
      const o = res.body.data;
      expect(o).to.have.all.keys(...OFFRE_KEYS);
      expect(o).to.include({
        titre: 'Développeur backend Node.js',
        status: 'DRAFT',
        contractType: 'CDI',
        localisation: 'Yaoundé',
        villeId: yaounde,
        publishedAt: null,
        deadline: '2099-12-31',
        recruteurId: r.id,
        recruteurNom: 'Paul Nkoulou',
        recruteurEmail: r.email,
        salaireMin: 400000,
        salaireMax: 700000,
        remotePossible: true,
        totalCandidatures: 0,
        nouveaux: 0,
        enCours: 0,
        rencontres: 0,
        refuses: 0,
        embauches: 0,
        arencontrer: 0,
      });
      expect(o.competences).to.deep.equal(['Node.js', 'SQL']);
      expect(o.entreprise.id).to.equal(r.entrepriseId);
      expect(o.entreprise).to.include.keys(
        'nomEntreprise',
        'adresseSiege',
        'logoUrl',
        'totalRecruitersCount',
      );
      expect(new Date(o.createdAt).toISOString()).to.equal(o.createdAt);
      const row = await testDb()('offres').where({ id: o.id }).first('competencesText');
      expect(row.competencesText).to.equal('Node.js SQL');
    });

    it('refuses bad input with 400 VALIDATION_ERROR', async () => {
      const r = await createRecruteur();
      const missing = await api()
        .post('/v1/api/offres')
        .set(r.auth)
        .send({ contractType: 'CDI' })
        .expect(400);
      expect(missing.body.error.code).to.equal('VALIDATION_ERROR');
      expect(missing.body.error.details).to.contain('titre');
      const badEnum = await api()
        .post('/v1/api/offres')
        .set(r.auth)
        .send(offreBody({ contractType: 'INTERIM' }))
        .expect(400);
      expect(badEnum.body.error.details).to.contain('contractType');
      const reversed = await api()
        .post('/v1/api/offres')
        .set(r.auth)
        .send(offreBody({ salaireMin: 900000, salaireMax: 100 }))
        .expect(400);
      expect(reversed.body.error.details).to.contain('salaireMin');
      const past = await api()
        .post('/v1/api/offres')
        .set(r.auth)
        .send(offreBody({ deadline: '2001-01-01' }))
        .expect(400);
      expect(past.body.error.details).to.contain('deadline');
      const ville = await api()
        .post('/v1/api/offres')
        .set(r.auth)
        .send(offreBody({ villeId: 99999999 }))
        .expect(400);
      expect(ville.body.error.details).to.contain('villeId');
      // Refused by a rule after the schema, the field is named as the schema's refusals name theirs.
      expect(past.body.error.fields).to.deep.equal([
        { field: 'body.deadline', code: 'pastDate', message: 'Doit être aujourd’hui ou plus tard' },
      ]);
      expect(ville.body.error.fields).to.deep.equal([
        { field: 'body.villeId', code: 'unknownId', message: 'Aucune ville avec cet identifiant' },
      ]);
      const blank = await api()
        .post('/v1/api/offres')
        .set(r.auth)
        .set('Accept-Language', 'en')
        .send(offreBody({ titre: '   ' }))
        .expect(400);
      expect(blank.body.error.fields).to.deep.equal([
        { field: 'body.titre', code: 'blank', message: 'Must not be blank' },
      ]);
      expect(blank.body.error.details).to.equal('body.titre: Must not be blank');
    });

    it('needs an ACTIVE recruiter: 401 anonymous, 403 candidate, 403 ACCOUNT_NOT_ACTIVE pending', async () => {
      await api().post('/v1/api/offres').send(offreBody()).expect(401);
      const c = await createCandidat();
      await api().post('/v1/api/offres').set(c.auth).send(offreBody()).expect(403);
      const pending = await createRecruteur({ status: 'PENDING_APPROVAL' });
      const res = await api().post('/v1/api/offres').set(pending.auth).send(offreBody()).expect(403);
      expect(res.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');
    });
  });

  describe('GET /offres/{offreId}', () => {
    it('shows a draft to recruiters of the company, 404 to everyone else', async () => {
      const owner = await createRecruteur();
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      const id = await createDraft(owner);
      const mine = await api().get(`/v1/api/offres/${id}`).set(member.auth).expect(200);
      expect(mine.body.data.status).to.equal('DRAFT');
      expect(mine.body.data).to.have.all.keys(...OFFRE_KEYS);
      const other = await createRecruteur();
      await api().get(`/v1/api/offres/${id}`).set(other.auth).expect(404);
      await api().get(`/v1/api/offres/${id}`).expect(404);
      const c = await createCandidat();
      const res = await api().get(`/v1/api/offres/${id}`).set(c.auth).expect(404);
      expect(res.body.error.code).to.equal('NOT_FOUND');
    });

    it('shows a published offer to anyone, and 400 on a bad id', async () => {
      const r = await createRecruteur();
      const id = await createOffre(r, { titre: 'Comptable senior' });
      const res = await api().get(`/v1/api/offres/${id}`).expect(200);
      expect(res.body.data).to.include({ id, status: 'PUBLISHED', titre: 'Comptable senior' });
      const pub = await api().get(`/v1/api/public/offres/${id}`).expect(200);
      expect(pub.body.data).to.have.all.keys(...OFFRE_KEYS);
      await api().get('/v1/api/offres/abc').expect(400);
    });

    it('GET /public/offres/{offreId} is 404 for drafts and archived offers', async () => {
      const r = await createRecruteur();
      const draft = await createOffre(r, { status: 'DRAFT' });
      const archived = await createOffre(r, { status: 'ARCHIVED' });
      await api().get(`/v1/api/public/offres/${draft}`).expect(404);
      await api().get(`/v1/api/public/offres/${archived}`).set(r.auth).expect(404);
    });
  });

  describe('PUT /offres/{offreId}', () => {
    it('changes only the fields sent, keeps competencesText in sync, null clears', async () => {
      const r = await createRecruteur();
      const id = await createDraft(r, { departement: 'IT' });
      const res = await api()
        .put(`/v1/api/offres/${id}`)
        .set(r.auth)
        .send({ titre: 'Architecte logiciel', competences: ['Kubernetes', 'Go'], departement: null })
        .expect(200);
      expect(res.body.data).to.include({
        titre: 'Architecte logiciel',
        departement: null,
        contractType: 'CDI',
        salaireMin: 400000,
      });
      expect(res.body.data.competences).to.deep.equal(['Kubernetes', 'Go']);
      expect((await testDb()('offres').where({ id }).first('competencesText')).competencesText).to.equal(
        'Kubernetes Go',
      );
    });

    it('checks the salary order against the stored bound', async () => {
      const r = await createRecruteur();
      const id = await createDraft(r);
      const res = await api().put(`/v1/api/offres/${id}`).set(r.auth).send({ salaireMax: 1000 }).expect(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    });

    it('another company’s offer is 404; an archived one is 409 INVALID_TRANSITION', async () => {
      const r = await createRecruteur();
      const id = await createDraft(r);
      const other = await createRecruteur();
      await api().put(`/v1/api/offres/${id}`).set(other.auth).send({ titre: 'x' }).expect(404);
      const archived = await createOffre(r, { status: 'ARCHIVED' });
      const res = await api().put(`/v1/api/offres/${archived}`).set(r.auth).send({ titre: 'x' }).expect(409);
      expect(res.body.error.code).to.equal('INVALID_TRANSITION');
      expect(res.body.error.message).to.equal('Une offre archivée ne peut pas être modifiée');
      const resEn = await api()
        .put(`/v1/api/offres/${archived}`)
        .set(r.auth)
        .set('Accept-Language', 'en')
        .send({ titre: 'x' })
        .expect(409);
      expect(resEn.body.error.message).to.equal('An archived offer cannot be edited');
      const bad = await api()
        .put(`/v1/api/offres/${id}`)
        .set(r.auth)
        .send({ remotePossible: 'yes' })
        .expect(400);
      expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
    });
  });

  describe('DELETE /offres/{offreId}', () => {
    it('deletes a draft only', async () => {
      const r = await createRecruteur();
      const id = await createDraft(r);
      const other = await createRecruteur();
      await api().delete(`/v1/api/offres/${id}`).set(other.auth).expect(404);
      const res = await api().delete(`/v1/api/offres/${id}`).set(r.auth).expect(200);
      expect(res.body.data).to.deep.equal({});
      expect(await testDb()('offres').where({ id }).first()).to.equal(undefined);
      const published = await createOffre(r);
      const refused = await api().delete(`/v1/api/offres/${published}`).set(r.auth).expect(409);
      expect(refused.body.error.code).to.equal('INVALID_TRANSITION');
      expect(refused.body.error.message).to.equal(
        'Seule une offre en brouillon peut être supprimée ; archivez une offre publiée',
      );
      const refusedEn = await api()
        .delete(`/v1/api/offres/${published}`)
        .set(r.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(refusedEn.body.error.message).to.equal(
        'Only a draft offer can be deleted; archive a published one',
      );
    });
  });

  describe('publish and archive', () => {
    it('publishes a draft: publishedAt set, event offre.published', async () => {
      // Tokens are checked against the clock too: keep it within their 15 minutes.
      const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
      const clock = new ManualClock(at);
      const r = await recruteurWithPlan('PRO');
      const id = await createDraft(r);
      const res = await agent({ clock }).post(`/v1/api/offres/${id}/publish`).set(r.auth).expect(200);
      expect(res.body.data).to.include({ status: 'PUBLISHED', publishedAt: at.toISOString() });
      expect(res.body.message).to.equal('Offre publiée');
      const events = await testDb()('domainEvents').where({
        type: 'offre.published',
        entrepriseId: r.entrepriseId,
      });
      expect(events).to.have.length(1);
      const data = typeof events[0].data === 'string' ? JSON.parse(events[0].data) : events[0].data;
      expect(data).to.include({ offreId: id, entrepriseId: r.entrepriseId });
      const again = await api().post(`/v1/api/offres/${id}/publish`).set(r.auth).expect(409);
      expect(again.body.error.code).to.equal('INVALID_TRANSITION');
      expect(again.body.error.message).to.equal('Seule une offre en brouillon peut être publiée');
      expect(again.body.error.details).to.equal(
        'Seule une offre en brouillon peut être publiée (offer is PUBLISHED)',
      );
      const againEn = await api()
        .post(`/v1/api/offres/${id}/publish`)
        .set(r.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(againEn.body.error.details).to.equal('Only a draft can be published (offer is PUBLISHED)');
    });

    it('refuses to publish a draft whose deadline has passed', async () => {
      const r = await recruteurWithPlan('PRO');
      const id = await createOffre(r, { status: 'DRAFT', deadline: '2020-01-10' });
      const res = await api().post(`/v1/api/offres/${id}/publish`).set(r.auth).expect(400);
      expect(res.body.error.details).to.equal(
        'La date limite de l’offre est passée : choisissez aujourd’hui ou plus tard avant de publier (deadline: 2020-01-10)',
      );
    });

    it('archives a published offer: event offre.closed; twice is 409', async () => {
      const r = await recruteurWithPlan('PRO');
      const id = await publishedOffre(r);
      const res = await api().post(`/v1/api/offres/${id}/archive`).set(r.auth).expect(200);
      expect(res.body.data.status).to.equal('ARCHIVED');
      expect(res.body.data).to.have.all.keys(...OFFRE_KEYS);
      const events = await testDb()('domainEvents').where({
        type: 'offre.closed',
        entrepriseId: r.entrepriseId,
      });
      expect(events).to.have.length(1);
      const again = await api().post(`/v1/api/offres/${id}/archive`).set(r.auth).expect(409);
      expect(again.body.error.code).to.equal('INVALID_TRANSITION');
      expect(again.body.error.message).to.equal('Seule une offre publiée peut être archivée');
      const againEn = await api()
        .post(`/v1/api/offres/${id}/archive`)
        .set(r.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(againEn.body.error.message).to.equal('Only a published offer can be archived');
      const draft = await createDraft(r);
      await api().post(`/v1/api/offres/${draft}/archive`).set(r.auth).expect(409);
      const other = await createRecruteur();
      await api().post(`/v1/api/offres/${id}/archive`).set(other.auth).expect(404);
      await api().post(`/v1/api/offres/${draft}/publish`).set(other.auth).expect(404);
    });
  });

  describe('plan quotas', () => {
    it('GRATUIT allows one published offer at once; archiving frees the slot', async () => {
      const r = await recruteurWithPlan('GRATUIT');
      const first = await publishedOffre(r);
      const second = await createDraft(r);
      const res = await api().post(`/v1/api/offres/${second}/publish`).set(r.auth).expect(409);
      expect(res.body.error.code).to.equal('PLAN_QUOTA_EXCEEDED');
      expect(res.body.error.message).to.equal('La formule GRATUIT permet 1 offre(s) publiée(s) à la fois');
      expect(res.body.error.details).to.equal(
        'La formule GRATUIT permet 1 offre(s) publiée(s) à la fois (plan: GRATUIT, published: 1, quota: 1)',
      );
      const resEn = await api()
        .post(`/v1/api/offres/${second}/publish`)
        .set(r.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(resEn.body.error.message).to.equal('The plan GRATUIT allows 1 published offer(s) at once');
      await api().post(`/v1/api/offres/${first}/archive`).set(r.auth).expect(200);
      await api().post(`/v1/api/offres/${second}/publish`).set(r.auth).expect(200);
    });

    it('ESSENTIEL allows 5; ENTREPRISE is unlimited', async () => {
      const r = await recruteurWithPlan('ESSENTIEL');
      const drafts = [];
      for (let i = 0; i < 6; i++) drafts.push(await createDraft(r));
      for (const id of drafts.slice(0, 5))
        await api().post(`/v1/api/offres/${id}/publish`).set(r.auth).expect(200);
      await api().post(`/v1/api/offres/${drafts[5]}/publish`).set(r.auth).expect(409);
      const big = await recruteurWithPlan('ENTREPRISE');
      const db = testDb();
      for (let i = 0; i < 25; i++) await createOffre(big, { status: 'PUBLISHED' });
      const extra = await createDraft(big);
      await api().post(`/v1/api/offres/${extra}/publish`).set(big.auth).expect(200);
      expect(
        (await db('offres')
          .where({ entrepriseId: big.entrepriseId, status: 'PUBLISHED' })
          .count({ n: '*' })
          .first())!.n,
      ).to.equal(26);
    });

    it('is exact under 20 concurrent publishes (GRATUIT: exactly 1 succeeds)', async () => {
      const r = await recruteurWithPlan('GRATUIT');
      const member = await createRecruteur({ entrepriseId: r.entrepriseId });
      const drafts = [];
      for (let i = 0; i < 20; i++) drafts.push(await createOffre(r, { status: 'DRAFT' }));
      const results = await Promise.all(
        drafts.map((id, i) =>
          agent()
            .post(`/v1/api/offres/${id}/publish`)
            .set((i % 2 ? member : r).auth),
        ),
      );
      const codes = results.map((x) => x.status);
      expect(codes.filter((c) => c === 200)).to.have.length(1);
      expect(codes.filter((c) => c === 409)).to.have.length(19);
      for (const x of results.filter((y) => y.status === 409))
        expect(x.body.error.code).to.equal('PLAN_QUOTA_EXCEEDED');
      const n = await testDb()('offres')
        .where({ entrepriseId: r.entrepriseId, status: 'PUBLISHED' })
        .count({ n: '*' })
        .first();
      expect(n!.n).to.equal(1);
    });

    it('is exact under concurrent publishes (PRO, 25 drafts: exactly 20 succeed)', async () => {
      const r = await recruteurWithPlan('PRO');
      const drafts = [];
      for (let i = 0; i < 25; i++) drafts.push(await createOffre(r, { status: 'DRAFT' }));
      const results = await Promise.all(
        drafts.map((id) => agent().post(`/v1/api/offres/${id}/publish`).set(r.auth)),
      );
      expect(results.filter((x) => x.status === 200)).to.have.length(20);
      expect(results.filter((x) => x.status === 409)).to.have.length(5);
      const n = await testDb()('offres')
        .where({ entrepriseId: r.entrepriseId, status: 'PUBLISHED' })
        .count({ n: '*' })
        .first();
      expect(n!.n).to.equal(20);
      expect(
        await testDb()('domainEvents').where({ type: 'offre.published', entrepriseId: r.entrepriseId }),
      ).to.have.length(20);
    });
  });

  describe('GET /recruiters/me/offres', () => {
    it('lists the company’s offers in any state, with a status filter, paginated', async () => {
      const owner = await createRecruteur();
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
      const draft = await createOffre(owner, { status: 'DRAFT' });
      const pub = await createOffre(member, { status: 'PUBLISHED' });
      await createOffre(await createRecruteur(), { status: 'PUBLISHED' });
      const all = await api().get('/v1/api/recruiters/me/offres').set(owner.auth).expect(200);
      expect(all.body).to.have.all.keys('content', 'page');
      expect(all.body.content.map((o: { id: number }) => o.id).sort()).to.deep.equal([draft, pub].sort());
      expect(all.body.page).to.deep.equal({ size: 20, number: 0, totalElements: 2, totalPages: 1 });
      expect(all.body.content[0]).to.have.all.keys(...OFFRE_KEYS);
      const drafts = await api()
        .get('/v1/api/recruiters/me/offres?status=DRAFT&size=1')
        .set(owner.auth)
        .expect(200);
      expect(drafts.body.content.map((o: { id: number }) => o.id)).to.deep.equal([draft]);
      const bad = await api().get('/v1/api/recruiters/me/offres?status=OPEN').set(owner.auth).expect(400);
      expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
      await api().get('/v1/api/recruiters/me/offres?sort=password,asc').set(owner.auth).expect(400);
      await api()
        .get('/v1/api/recruiters/me/offres')
        .set((await createCandidat()).auth)
        .expect(403);
    });
  });

  describe('GET /offres (public list with filters)', () => {
    it('lists published offers only, newest first, with every filter', async () => {
      const secteurId = await newSecteur();
      const r = await recruteurWithPlan('ENTREPRISE', { secteurActiviteId: secteurId });
      const base = new Date('2031-01-01T00:00:00Z').getTime();
      const at = (h: number) => new Date(base + h * 3600_000);
      const a = await createOffre(r, {
        contractType: 'CDI',
        villeSlug: 'douala',
        salaireMin: 300000,
        salaireMax: 500000,
        publishedAt: at(1),
      });
      const b = await createOffre(r, {
        contractType: 'CDD',
        villeSlug: 'yaounde',
        salaireMin: 600000,
        salaireMax: 900000,
        remotePossible: true,
        publishedAt: at(2),
      });
      const c = await createOffre(r, {
        contractType: 'STAGE',
        villeSlug: 'bafoussam',
        salaireMin: null,
        salaireMax: null,
        publishedAt: at(3),
      });
      await createOffre(r, { status: 'DRAFT' });
      await createOffre(r, { status: 'ARCHIVED' });
      await createOffre(r, { deadline: '2001-01-01' });
      const ids = async (qs: string) => {
        const res = await api().get(`/v1/api/offres?secteurId=${secteurId}${qs}`).expect(200);
        return res.body.content.map((o: { id: number }) => o.id);
      };
      const all = await api().get(`/v1/api/offres?secteurId=${secteurId}`).expect(200);
      expect(all.body.content.map((o: { id: number }) => o.id)).to.deep.equal([c, b, a]);
      expect(all.body.page.totalElements).to.equal(3);
      expect(all.body.content[0]).to.have.all.keys(...OFFRE_KEYS);
      expect(await ids('&contractType=CDD')).to.deep.equal([b]);
      expect(await ids(`&villeId=${await villeId('yaounde')}`)).to.deep.equal([b]);
      const ouest = await testDb()('regions').where({ code: 'OU' }).first('id');
      expect(await ids(`&regionId=${ouest.id}`)).to.deep.equal([c]);
      expect(await ids('&remotePossible=true')).to.deep.equal([b]);
      expect(await ids('&remotePossible=false')).to.deep.equal([c, a]);
      // Overlapping ranges: salaireMin=X keeps salaireMax >= X, salaireMax=Y keeps salaireMin <= Y.
      expect(await ids('&salaireMin=500000')).to.deep.equal([b, a]);
      expect(await ids('&salaireMin=500001')).to.deep.equal([b]);
      expect(await ids('&salaireMax=600000')).to.deep.equal([b, a]);
      expect(await ids('&salaireMax=599999')).to.deep.equal([a]);
      expect(await ids('&salaireMin=550000&salaireMax=650000')).to.deep.equal([b]);
      expect(await ids('&sort=salaireMin,asc&salaireMin=1')).to.deep.equal([a, b]);
      expect(await ids('&size=1&page=1')).to.deep.equal([b]);
    });

    it('caps size at 100 and refuses bad filters and sorts with 400', async () => {
      const res = await api().get('/v1/api/offres?size=500').expect(200);
      expect(res.body.page.size).to.equal(100);
      expect((await api().get('/v1/api/offres?contractType=INTERIM').expect(400)).body.error.code).to.equal(
        'VALIDATION_ERROR',
      );
      await api().get('/v1/api/offres?villeId=abc').expect(400);
      await api().get('/v1/api/offres?sort=nope,desc').expect(400);
    });

    it('GET /public/entreprises/{id}/offres lists a company’s published offers', async () => {
      const r = await recruteurWithPlan('PRO', { nom: uniqueWord('Societe') });
      const a = await createOffre(r);
      await createOffre(r, { status: 'DRAFT' });
      const res = await api().get(`/v1/api/public/entreprises/${r.entrepriseId}/offres`).expect(200);
      expect(res.body.content.map((o: { id: number }) => o.id)).to.deep.equal([a]);
      expect(res.body.content[0].entreprise.id).to.equal(r.entrepriseId);
      await api().get('/v1/api/public/entreprises/99999999/offres').expect(404);
      await api().get('/v1/api/public/entreprises/x/offres').expect(400);
    });
  });
});
