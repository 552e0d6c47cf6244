import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createEntreprise, type TestAccount } from '../helpers/factories.ts';
import { unique } from '../helpers/unique.ts';
import { expectRefusedToNonAdmins } from '../helpers/admin-access.ts';

describe('Admin reference data (activity sectors, experience levels)', () => {
  let admin: TestAccount;
  before(async () => {
    admin = await createAdmin({ superAdmin: true });
  });

  describe('/admin/reference/sectors', () => {
    it('POST creates a sector (admin view), GET lists it with its company count', async () => {
      const nom = unique('Secteur ');
      const created = await agent()
        .post('/v1/api/admin/reference/sectors')
        .set(admin.auth)
        .send({ nom: ` ${nom} `, description: 'Nouveau secteur' })
        .expect(200);
      expect(created.body).to.include({ success: true, message: 'Secteur créé' });
      expect(created.body.data).to.have.all.keys('id', 'nom', 'description', 'entreprisesCount');
      expect(created.body.data).to.include({ nom, description: 'Nouveau secteur', entreprisesCount: 0 });
      const id = created.body.data.id;
      await createEntreprise({ secteurActiviteId: id });
      await createEntreprise({ secteurActiviteId: id });
      const list = await agent().get('/v1/api/admin/reference/sectors').set(admin.auth).expect(200);
      expect(list.body.data).to.be.an('array');
      expect(list.body.data.find((s: { id: number }) => s.id === id)).to.deep.equal({
        id,
        nom,
        description: 'Nouveau secteur',
        entreprisesCount: 2,
      });
      // Public reference data shows it too (active).
      const pub = await agent().get('/v1/api/reference/secteurs-activite').expect(200);
      expect(pub.body.data.find((s: { id: number }) => s.id === id)).to.include({ nom, actif: true });
      const [audit] = await testDb()('auditLogs').where({ action: 'sector.created', targetId: String(id) });
      expect(audit).to.include({ actorId: String(admin.id), targetType: 'sector' });
    });

    it('a taken name (any case) is 409 CONFLICT, on create and on update', async () => {
      const nom = unique('Doublon ');
      const first = await agent()
        .post('/v1/api/admin/reference/sectors')
        .set(admin.auth)
        .send({ nom })
        .expect(200);
      expect(first.body.data.description).to.equal(null);
      const dup = await agent()
        .post('/v1/api/admin/reference/sectors')
        .set(admin.auth)
        .send({ nom: nom.toUpperCase() })
        .expect(409);
      expect(dup.body.error.code).to.equal('CONFLICT');
      expect(dup.body.error.message).to.equal(`Le secteur « ${nom.toUpperCase()} » existe déjà`);
      expect(dup.body.error.details).to.equal(`Le secteur « ${nom.toUpperCase()} » existe déjà (nom)`);
      const dupEn = await agent()
        .post('/v1/api/admin/reference/sectors')
        .set(admin.auth)
        .set('Accept-Language', 'en')
        .send({ nom })
        .expect(409);
      expect(dupEn.body.error.message).to.equal(`Sector "${nom}" already exists`);
      const other = await agent()
        .post('/v1/api/admin/reference/sectors')
        .set(admin.auth)
        .send({ nom: unique('Autre ') })
        .expect(200);
      await agent()
        .put(`/v1/api/admin/reference/sectors/${other.body.data.id}`)
        .set(admin.auth)
        .send({ nom })
        .expect(409);
    });

    it('PUT renames and describes; 404 unknown; 400 bad body', async () => {
      const created = await agent()
        .post('/v1/api/admin/reference/sectors')
        .set(admin.auth)
        .send({ nom: unique('Avant '), description: 'd' })
        .expect(200);
      const id = created.body.data.id;
      const nom = unique('Apres ');
      const res = await agent()
        .put(`/v1/api/admin/reference/sectors/${id}`)
        .set(admin.auth)
        .send({ nom, description: 'Décrit' })
        .expect(200);
      expect(res.body.data).to.deep.equal({ id, nom, description: 'Décrit', entreprisesCount: 0 });
      // Renaming to its own name is not a conflict; description left out is kept.
      const same = await agent()
        .put(`/v1/api/admin/reference/sectors/${id}`)
        .set(admin.auth)
        .send({ nom })
        .expect(200);
      expect(same.body.data.description).to.equal('Décrit');
      await agent()
        .put('/v1/api/admin/reference/sectors/999999999')
        .set(admin.auth)
        .send({ nom: unique('X') })
        .expect(404);
      await agent()
        .put(`/v1/api/admin/reference/sectors/${id}`)
        .set(admin.auth)
        .send({ description: 'sans nom' })
        .expect(400);
      await agent().post('/v1/api/admin/reference/sectors').set(admin.auth).send({ nom: '' }).expect(400);
      await agent().post('/v1/api/admin/reference/sectors').set(admin.auth).send({ nom: '   ' }).expect(400);
      await agent().post('/v1/api/admin/reference/sectors').set(admin.auth).send({ nom: 12 }).expect(400);
    });

    it('DELETE is refused with 409 SECTOR_IN_USE while a company uses it, then answers {}', async () => {
      const created = await agent()
        .post('/v1/api/admin/reference/sectors')
        .set(admin.auth)
        .send({ nom: unique('Utilise ') })
        .expect(200);
      const id = created.body.data.id;
      const entrepriseId = await createEntreprise({ secteurActiviteId: id });
      const refused = await agent()
        .delete(`/v1/api/admin/reference/sectors/${id}`)
        .set(admin.auth)
        .expect(409);
      expect(refused.body.error.code).to.equal('SECTOR_IN_USE');
      expect(refused.body.error.message).to.equal('Des entreprises sont encore rattachées à ce secteur');
      expect(refused.body.error.details).to.equal(
        'Des entreprises sont encore rattachées à ce secteur (entreprisesCount: 1)',
      );
      const refusedEn = await agent()
        .delete(`/v1/api/admin/reference/sectors/${id}`)
        .set(admin.auth)
        .set('Accept-Language', 'en')
        .expect(409);
      expect(refusedEn.body.error.message).to.equal('Companies are still attached to this sector');
      expect(await testDb()('secteursActivite').where({ id }).first('id')).to.not.equal(undefined);
      await testDb()('entreprises').where({ id: entrepriseId }).update({ secteurActiviteId: null });
      const res = await agent().delete(`/v1/api/admin/reference/sectors/${id}`).set(admin.auth).expect(200);
      expect(res.body).to.include({ success: true, message: 'Secteur supprimé' });
      expect(res.body.data).to.deep.equal({});
      expect(
        await testDb()('auditLogs').where({ action: 'sector.deleted', targetId: String(id) }),
      ).to.have.length(1);
      await agent().delete(`/v1/api/admin/reference/sectors/${id}`).set(admin.auth).expect(404);
    });

    it('every sector route is refused to candidates, recruiters and anonymous callers', async () => {
      await expectRefusedToNonAdmins('get', '/v1/api/admin/reference/sectors');
      await expectRefusedToNonAdmins('post', '/v1/api/admin/reference/sectors', { nom: unique('Interdit ') });
      const s = await testDb()('secteursActivite').first('id');
      await expectRefusedToNonAdmins('put', `/v1/api/admin/reference/sectors/${s.id}`, {
        nom: unique('Interdit '),
      });
      await expectRefusedToNonAdmins('delete', `/v1/api/admin/reference/sectors/${s.id}`);
    });
  });

  describe('/admin/reference/experience-levels', () => {
    it('GET lists levels in order, POST creates, PUT updates, DELETE removes (clearing profiles)', async () => {
      const list = await agent().get('/v1/api/admin/reference/experience-levels').set(admin.auth).expect(200);
      expect(list.body.data[0]).to.have.all.keys('id', 'nom', 'ordre');
      const ordres = list.body.data.map((l: { ordre: number }) => l.ordre);
      expect(ordres).to.deep.equal([...ordres].sort((a: number, b: number) => a - b));

      const nom = unique('Niveau ');
      const created = await agent()
        .post('/v1/api/admin/reference/experience-levels')
        .set(admin.auth)
        .send({ nom, ordre: 90 })
        .expect(200);
      expect(created.body.data).to.have.all.keys('id', 'nom', 'ordre');
      expect(created.body.data).to.include({ nom, ordre: 90 });
      const id = created.body.data.id;

      const renamed = unique('Expert ');
      const updated = await agent()
        .put(`/v1/api/admin/reference/experience-levels/${id}`)
        .set(admin.auth)
        .send({ nom: renamed, ordre: 95 })
        .expect(200);
      expect(updated.body.data).to.deep.equal({ id, nom: renamed, ordre: 95 });

      const candidat = await createCandidat();
      await testDb()('candidates').where({ id: candidat.id }).update({ experienceLevelId: id });
      const removed = await agent()
        .delete(`/v1/api/admin/reference/experience-levels/${id}`)
        .set(admin.auth)
        .expect(200);
      expect(removed.body.data).to.deep.equal({});
      expect(
        (await testDb()('candidates').where({ id: candidat.id }).first('experienceLevelId'))
          .experienceLevelId,
      ).to.equal(null);
      for (const action of [
        'experience_level.created',
        'experience_level.updated',
        'experience_level.deleted',
      ]) {
        expect(await testDb()('auditLogs').where({ action, targetId: String(id) }), action).to.have.length(1);
      }
    });

    it('409 CONFLICT on a taken name, 400 on bad input, 404 on an unknown id', async () => {
      const nom = unique('Junior ');
      const created = await agent()
        .post('/v1/api/admin/reference/experience-levels')
        .set(admin.auth)
        .send({ nom, ordre: 1 })
        .expect(200);
      const dup = await agent()
        .post('/v1/api/admin/reference/experience-levels')
        .set(admin.auth)
        .send({ nom, ordre: 2 })
        .expect(409);
      expect(dup.body.error.code).to.equal('CONFLICT');
      expect(dup.body.error.message).to.equal(`Le niveau d’expérience « ${nom} » existe déjà`);
      await agent()
        .post('/v1/api/admin/reference/experience-levels')
        .set(admin.auth)
        .send({ nom: unique('N') })
        .expect(400);
      await agent()
        .post('/v1/api/admin/reference/experience-levels')
        .set(admin.auth)
        .send({ nom: unique('N'), ordre: 'premier' })
        .expect(400);
      await agent()
        .post('/v1/api/admin/reference/experience-levels')
        .set(admin.auth)
        .send({ nom: unique('N'), ordre: -1 })
        .expect(400);
      await agent()
        .put('/v1/api/admin/reference/experience-levels/999999999')
        .set(admin.auth)
        .send({ nom: unique('N'), ordre: 1 })
        .expect(404);
      await agent().delete('/v1/api/admin/reference/experience-levels/999999999').set(admin.auth).expect(404);
      await expectRefusedToNonAdmins('get', '/v1/api/admin/reference/experience-levels');
      await expectRefusedToNonAdmins('post', '/v1/api/admin/reference/experience-levels', {
        nom: unique('N'),
        ordre: 1,
      });
      await expectRefusedToNonAdmins(
        'put',
        `/v1/api/admin/reference/experience-levels/${created.body.data.id}`,
        {
          nom: unique('N'),
          ordre: 1,
        },
      );
      await expectRefusedToNonAdmins(
        'delete',
        `/v1/api/admin/reference/experience-levels/${created.body.data.id}`,
      );
    });
  });
});
