/**
 * Refusals made by a rule of the domain after the schema (a malformed email or phone number, a
 * reversed salary range, a sort that is not allowed, a webhook URL to a private address...): each
 * is a 400 VALIDATION_ERROR whose `error.fields` names the field with a code a form switches on and
 * a message in the caller's language, as the schema's own refusals are.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { recruteurRegistration } from '../helpers/auth-factories.ts';
import { recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';
import { createVivierRow } from '../helpers/vivier-factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';

interface Refusal {
  status: number;
  body: { error: { code: string; fields?: { field: string; code: string; message: string }[] } };
}

/** The single entry of `error.fields` of a 400, after checking it is one. */
function fieldOf(res: Refusal) {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body.error.code).to.equal('VALIDATION_ERROR');
  expect(res.body.error.fields, JSON.stringify(res.body.error)).to.have.length(1);
  return res.body.error.fields![0];
}

const candidate = (overrides: Record<string, unknown>) => ({
  email: uniqueEmail('champ'),
  password: 'Motdepasse123!',
  nom: 'Essomba',
  prenom: 'Brice',
  ...overrides,
});

describe('Refusals of the domain name their field, in the caller’s language', () => {
  it('a malformed email address at sign-up: format email, in French and in English', async () => {
    const body = candidate({ email: 'brice@localhost' });
    const fr = fieldOf(await agent().post('/v1/api/candidates/register').send(body));
    expect(fr).to.deep.equal({
      field: 'body.email',
      code: 'format',
      message: 'Format invalide ; attendu : adresse email',
    });
    const en = fieldOf(
      await agent().post('/v1/api/candidates/register').set('Accept-Language', 'en').send(body),
    );
    expect(en.message).to.equal('Invalid format; expected: email address');
  });

  it('a phone number that is not one: format phone, with the expected shape', async () => {
    const body = candidate({ telephone: '12' });
    const field = fieldOf(await agent().post('/v1/api/candidates/register').send(body));
    expect(field).to.include({ field: 'body.telephone', code: 'format' });
    expect(field.message).to.contain('699 99 99 99');
    expect(await testDb()('accounts').where({ email: body.email })).to.deep.equal([]);
  });

  it('a company name of spaces: blank', async () => {
    const body = await recruteurRegistration();
    const entreprise = { ...(body.entreprise as object), nomEntreprise: '   ' };
    const blank = await agent()
      .post('/v1/api/recruiters/register')
      .set('Accept-Language', 'en')
      .send({ ...body, entreprise });
    expect(fieldOf(blank)).to.deep.equal({
      field: 'body.entreprise.nomEntreprise',
      code: 'blank',
      message: 'Must not be blank',
    });
  });

  it('a reversed salary range names the field the request sent, with the other bound as limit', async () => {
    const r = await createRecruteur();
    const id = await createOffre(r, { status: 'DRAFT', salaireMin: 300000, salaireMax: 400000 });
    const lower = await agent().put(`/v1/api/offres/${id}`).set(r.auth).send({ salaireMax: 1000 });
    expect(fieldOf(lower)).to.deep.equal({
      field: 'body.salaireMax',
      code: 'minimum',
      message: 'Doit être au moins 300000',
    });
    const higher = await agent()
      .put(`/v1/api/offres/${id}`)
      .set(r.auth)
      .set('Accept-Language', 'en')
      .send({ salaireMin: 500000 });
    expect(fieldOf(higher)).to.deep.equal({
      field: 'body.salaireMin',
      code: 'maximum',
      message: 'Must be at most 400000',
    });
  });

  it('a sort field that is not allowed lists the allowed ones', async () => {
    const field = fieldOf(
      await agent().get('/v1/api/offres?sort=motDePasse,asc').set('Accept-Language', 'en'),
    );
    expect(field).to.include({ field: 'query.sort', code: 'enum' });
    expect(field.message).to.match(/^Not an allowed value; allowed: .*publishedAt/);
  });

  it('a webhook URL: not http(s) is format uri; a private address is refusedUrl', async () => {
    const r = await createRecruteur();
    const strict = agent({ config: { webhooksAllowPrivate: false } });
    const send = (url: string) =>
      strict
        .post('/v1/api/webhooks/subscriptions')
        .set(r.auth)
        .send({ url, events: ['candidature.created'] });
    expect(fieldOf(await send('ftp://hooks.example.cm/in'))).to.include({
      field: 'body.url',
      code: 'format',
    });
    expect(fieldOf(await send('http://127.0.0.1:9/in'))).to.deep.equal({
      field: 'body.url',
      code: 'refusedUrl',
      message: 'Adresse refusée : elle doit mener à un serveur public',
    });
    const unknown = fieldOf(
      await strict
        .post('/v1/api/webhooks/subscriptions')
        .set(r.auth)
        .send({ url: 'http://127.0.0.1:9/in', events: ['candidature.created', 'nothing.happened'] }),
    );
    expect(unknown).to.include({ field: 'body.events[1]', code: 'enum' });
    expect(unknown.message).to.contain('candidature.created');
  });

  it('alert keywords made only of stop words: noWord', async () => {
    const c = await createCandidat();
    const res = await agent().post('/v1/api/candidats/me/alertes').set(c.auth).send({ keywords: 'le de la' });
    expect(fieldOf(res)).to.deep.equal({
      field: 'body.keywords',
      code: 'noWord',
      message: 'Au moins un mot qui ne soit pas un mot vide (le, de, pour…)',
    });
  });

  it('a pool invitation to an offer that is not published: notPublished on body.offreId', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const draft = await createOffre(r, { status: 'DRAFT' });
    const res = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(r.auth)
      .set('Accept-Language', 'en')
      .send({ message: 'Bonjour', offreId: draft });
    expect(fieldOf(res)).to.deep.equal({
      field: 'body.offreId',
      code: 'notPublished',
      message: 'The offer must be published',
    });
  });

  it('a scam rule whose pattern does not compile: regex on the field at fault', async () => {
    const admin = await createAdmin();
    const res = await agent()
      .post('/v1/api/admin/trust/scam-rules')
      .set(admin.auth)
      .send({
        code: `TEST_${uniqueWord().toUpperCase()}`,
        kind: 'REGEX',
        pattern: 'caution',
        exceptPattern: '(unclosed',
        reasonCode: 'FEE_REQUEST',
      });
    expect(fieldOf(res)).to.include({ field: 'body.exceptPattern', code: 'regex' });
  });

  it('synonyms that repeat a term: uniqueItems on body.terms', async () => {
    const admin = await createAdmin();
    const res = await agent()
      .post('/v1/api/admin/search/synonyms')
      .set(admin.auth)
      .send({ terms: ['Comptable', 'comptable'] });
    expect(fieldOf(res)).to.deep.equal({
      field: 'body.terms',
      code: 'uniqueItems',
      message: 'Éléments en double',
    });
  });

  it('an app’s redirect URI over plain http: format redirectUri on its index', async () => {
    const owner = await recruteurWithPlan();
    const res = await agent()
      .post('/v1/api/integrations/apps')
      .set(owner.auth)
      .set('Accept-Language', 'en')
      .send({
        name: 'ATS',
        redirectUris: ['https://ats.example.cm/cb', 'http://ats.example.cm/cb'],
        scopes: ['offres:read'],
        clientType: 'confidential',
      });
    const field = fieldOf(res);
    expect(field).to.include({ field: 'body.redirectUris[1]', code: 'format' });
    expect(field.message).to.contain('http only for localhost');
  });

  it('a domain-verification address off the company’s domain: notOnDomain with the domain', async () => {
    const recruteur = await recruteurWithPlan();
    await testDb()('entrepriseWebsites').insert({
      entrepriseId: recruteur.entrepriseId,
      nom: 'Site',
      url: 'https://www.champs-sa.cm/',
    });
    const res = await agent()
      .post('/v1/api/trust/domain-verification')
      .set(recruteur.auth)
      .send({ email: 'rh@gmail.com' });
    expect(fieldOf(res)).to.deep.equal({
      field: 'body.email',
      code: 'notOnDomain',
      message: 'Doit être une adresse en @champs-sa.cm',
    });
  });
});

describe('Refusals about the state of things say what to do, in the caller’s language', () => {
  it('publishing a draft whose deadline has passed', async () => {
    const r = await createRecruteur();
    const id = await createOffre(r, { status: 'DRAFT', deadline: '2020-01-31' });
    const fr = await agent().post(`/v1/api/offres/${id}/publish`).set(r.auth).expect(400);
    expect(fr.body.message).to.equal(
      'La date limite de l’offre est passée : choisissez aujourd’hui ou plus tard avant de publier',
    );
    const en = await agent()
      .post(`/v1/api/offres/${id}/publish`)
      .set(r.auth)
      .set('Accept-Language', 'en')
      .expect(400);
    expect(en.body.error.message).to.equal(
      'The offer’s deadline has passed: set today or later before publishing',
    );
  });

  it('inviting a suggested candidate to a draft', async () => {
    const r = await createRecruteur();
    const draft = await createOffre(r, { status: 'DRAFT' });
    const c = await createCandidat();
    const res = await agent()
      .post(`/v1/api/offres/${draft}/candidats-suggeres/${c.id}/invitation`)
      .set(r.auth)
      .send({})
      .expect(400);
    expect(res.body.message).to.equal('Publiez l’offre avant d’y inviter des candidats');
  });

  it('registering a recruiter with both a company and an invitation', async () => {
    const body = await recruteurRegistration({ invitationToken: 'x'.repeat(43) });
    const fr = await agent().post('/v1/api/recruiters/register').send(body).expect(400);
    expect(fr.body.error.details).to.equal(
      'Indiquez soit l’entreprise à créer (entreprise), soit l’invitation reçue (invitationToken), pas les deux',
    );
    const res = await agent()
      .post('/v1/api/recruiters/register')
      .set('Accept-Language', 'en')
      .send(body)
      .expect(400);
    expect(res.body.message).to.equal(
      'Give either the company to create (entreprise) or the invitation received (invitationToken), not both',
    );
  });

  it('asking for the domain badge before the company has a web site', async () => {
    const recruteur = await recruteurWithPlan();
    const res = await agent()
      .post('/v1/api/trust/domain-verification')
      .set(recruteur.auth)
      .send({ email: 'rh@champs-sa.cm' })
      .expect(400);
    expect(res.body.message).to.equal(
      'Renseignez d’abord le site web de l’entreprise : le badge prouve son domaine',
    );
  });
});
