/**
 * Request bodies: unknown keys refused with the field named, `error.fields` in the request's
 * language, per-route byte limits enforced before parsing, and a server that keeps answering
 * /health quickly while it refuses big bodies.
 */
import { expect } from 'chai';
import type { TSchema } from 'typebox';
import { agent, buildApp } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createApp } from '../../api/app.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import http from 'node:http';
import { listen, send, type Listening } from '../helpers/hostile-http.ts';
import { startBodyLoad } from '../helpers/body-load.ts';
import { DEFAULT_BODY_LIMIT, LONG_TEXT_BODY_LIMIT, bodyLimitOf } from '../../api/http/body-limit.ts';

const api = () => agent();
const REVERSE = '/v1/api/geo/reverse';

/** `{"latitude":4.05,"longitude":9.7}` padded with spaces to exactly `bytes` bytes: valid JSON. */
function paddedReverseBody(bytes: number): string {
  const head = '{"latitude":4.05,"longitude":9.7';
  return `${head}${' '.repeat(bytes - head.length - 1)}}`;
}

/** About 900 KB of small objects under an unknown key. */
const HUGE_BODY = JSON.stringify({
  latitude: 4.05,
  longitude: 9.7,
  points: Array.from({ length: 40_000 }, (_, i) => ({ a: i, b: 'x' })),
});

/** POST without Content-Length (Transfer-Encoding: chunked), in 64 KB writes. */
function postChunked(port: number, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: REVERSE, method: 'POST', agent: false },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.setHeader('Content-Type', 'application/json');
    req.setHeader('Connection', 'close');
    // The server answers before the whole body is sent and closes: a later write may fail.
    req.on('error', (e) => setTimeout(() => reject(e), 500));
    for (let i = 0; i < body.length; i += 65_536) req.write(body.slice(i, i + 65_536));
    req.end();
  });
}

describe('Request bodies: unknown fields', () => {
  it('refuses an unknown field of POST /candidatures with 400 naming it, in French and in English, and stores nothing', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c = await createCandidat();
    const fr = await api()
      .post('/v1/api/candidatures')
      .set(c.auth)
      .send({ offreId, lettreMotivaton: 'Madame, Monsieur' })
      .expect(400);
    expect(fr.headers['content-language']).to.equal('fr');
    expect(fr.body.error.code).to.equal('VALIDATION_ERROR');
    expect(fr.body.error.fields).to.deep.equal([
      {
        field: 'body.lettreMotivaton',
        code: 'unknown',
        message: 'Champ inconnu (vouliez-vous dire « lettreMotivation » ?)',
      },
    ]);
    expect(fr.body.error.details).to.equal(
      'body.lettreMotivaton: Champ inconnu (vouliez-vous dire « lettreMotivation » ?)',
    );
    const en = await api()
      .post('/v1/api/candidatures')
      .set(c.auth)
      .set('Accept-Language', 'en-GB,en;q=0.9')
      .send({ offreId, lettreMotivaton: 'Dear Sir or Madam' })
      .expect(400);
    expect(en.body.error.fields).to.deep.equal([
      {
        field: 'body.lettreMotivaton',
        code: 'unknown',
        message: 'Unknown field (did you mean "lettreMotivation"?)',
      },
    ]);
    expect(en.body.error.details).to.equal(
      'body.lettreMotivaton: Unknown field (did you mean "lettreMotivation"?)',
    );
    expect(await testDb()('candidatures').where({ offreId })).to.have.length(0);
  });

  it('refuses PUT /candidats/me {jobtitle} instead of a 200 that changes nothing', async () => {
    const c = await createCandidat();
    const res = await api()
      .put('/v1/api/candidats/me')
      .set(c.auth)
      .set('Accept-Language', 'en')
      .send({ jobtitle: 'Comptable' })
      .expect(400);
    expect(res.body.error.fields).to.deep.equal([
      { field: 'body.jobtitle', code: 'unknown', message: 'Unknown field (did you mean "jobTitle"?)' },
    ]);
    const ok = await api()
      .put('/v1/api/candidats/me')
      .set(c.auth)
      .send({ jobTitle: 'Comptable' })
      .expect(200);
    expect(ok.body.data.jobTitle).to.equal('Comptable');
  });

  it('names unknown keys inside nested objects, and every unknown key of a body', async () => {
    const res = await api()
      .post('/v1/api/recruiters/register')
      .send({
        email: 'nested-unknown@example.cm',
        password: 'Motdepasse123!',
        nom: 'Ngono',
        prenom: 'Awa',
        telephone: '+237690000000',
        posteOccupe: 'DRH',
        entreprise: { nomEntrepris: 'Ngono SARL', secteurActiviteId: 1 },
        role: 'SUPER_ADMIN',
      })
      .expect(400);
    const fields = res.body.error.fields as { field: string; code: string }[];
    expect(fields.filter((f) => f.code === 'unknown').map((f) => f.field)).to.have.members([
      'body.role',
      'body.entreprise.nomEntrepris',
    ]);
    expect(await testDb()('accounts').where({ email: 'nested-unknown@example.cm' })).to.have.length(0);
  });

  it('refuses a "constructor" key as unknown, and a "__proto__" key as malformed JSON', async () => {
    const res = await api()
      .post(REVERSE)
      .set('Content-Type', 'application/json')
      .send('{"latitude":4.05,"longitude":9.7,"constructor":{"prototype":{"polluted":1}}}')
      .expect(400);
    expect(res.body.error.fields).to.deep.equal([
      { field: 'body.constructor', code: 'unknown', message: 'Champ inconnu' },
    ]);
    const proto = await api()
      .post(REVERSE)
      .set('Content-Type', 'application/json')
      .send('{"latitude":4.05,"longitude":9.7,"__proto__":{"polluted":1}}')
      .expect(400);
    expect(proto.body.error).to.include({
      code: 'VALIDATION_ERROR',
      message: 'Le corps de la requête n’est pas un JSON valide',
      details:
        'Le corps de la requête n’est pas un JSON valide (Object contains forbidden prototype property)',
    });
    expect((Object.prototype as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('refuses a body of another type than the route reads with 415, saying which to send', async () => {
    const form = await api()
      .post('/v1/api/auth/login')
      .type('form')
      .send('email=a@b.cm&password=x')
      .expect(415);
    expect(form.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    expect(form.body.message).to.equal(
      'Le corps de la requête doit être envoyé en JSON (Content-Type: application/json)',
    );
    const text = await api()
      .post('/v1/api/auth/login')
      .set('Content-Type', 'text/plain')
      .set('Accept-Language', 'en')
      .send('{"email":"a@b.cm","password":"x"}')
      .expect(415);
    expect(text.body.message).to.equal(
      'The request body must be sent as JSON (Content-Type: application/json)',
    );
    const json = await api()
      .post('/v1/api/auth/reset-password/form')
      .send({ token: 'x', password: 'Motdepasse123!', confirm: 'Motdepasse123!' })
      .expect(415);
    expect(json.body.message).to.contain(
      'comme un formulaire (Content-Type: application/x-www-form-urlencoded)',
    );
    await api()
      .post('/v1/api/auth/login')
      .set('Content-Type', 'application/xml')
      .send('<login><email>a@b.cm</email></login>')
      .expect(415);
    // A body that names no type at all is malformed: 400, with the same words.
    const target = await listen(buildApp().app);
    try {
      const untyped = await send(target, {
        method: 'POST',
        path: '/v1/api/auth/login',
        body: '{"email":"a@b.cm","password":"x"}',
      });
      expect(untyped.status, untyped.text).to.equal(400);
      expect(untyped.json).to.nested.include({
        'error.code': 'VALIDATION_ERROR',
        message: 'Le corps de la requête doit être envoyé en JSON (Content-Type: application/json)',
      });
    } finally {
      await target.close();
    }
  });

  it('keeps query strings lenient: a cache buster is ignored', async () => {
    const res = await api().get('/v1/api/villes/search').query({ q: 'douala', _: '1712345678' }).expect(200);
    expect(res.body.suggestions[0].nom).to.equal('Douala');
  });
});

describe('Request bodies: error.fields', () => {
  it('lists a missing required field and a wrong type, in French by default and in English', async () => {
    const fr = await api().post(REVERSE).send({ longitude: '9.7' }).expect(400);
    expect(fr.body.error.fields).to.deep.equal([
      { field: 'body.latitude', code: 'required', message: 'Champ obligatoire' },
      { field: 'body.longitude', code: 'type', message: 'Doit être un nombre' },
    ]);
    expect(fr.body.error.details).to.equal(
      'body.latitude: Champ obligatoire; body.longitude: Doit être un nombre',
    );
    const en = await api().post(REVERSE).set('Accept-Language', 'en').send({ longitude: '9.7' }).expect(400);
    expect(en.body.error.fields).to.deep.equal([
      { field: 'body.latitude', code: 'required', message: 'Required field' },
      { field: 'body.longitude', code: 'type', message: 'Must be a number' },
    ]);
  });

  it('gives limits, allowed values and nullable fields one precise entry each', async () => {
    const range = await api().post(REVERSE).set('Accept-Language', 'en').send({ latitude: 95, longitude: 9 });
    expect(range.body.error.fields).to.deep.equal([
      { field: 'body.latitude', code: 'maximum', message: 'Must be at most 90' },
    ]);
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c = await createCandidat();
    // lettreMotivation is nullable text of at most 10,000 characters: one maxLength entry, no "must be null".
    const long = await api()
      .post('/v1/api/candidatures')
      .set(c.auth)
      .send({ offreId, lettreMotivation: 'a'.repeat(10_001) })
      .expect(400);
    expect(long.body.error.fields).to.deep.equal([
      { field: 'body.lettreMotivation', code: 'maxLength', message: 'Au plus 10000 caractères' },
    ]);
    const status = await api()
      .patch('/v1/api/candidatures/1/status')
      .set(r.auth)
      .set('Accept-Language', 'en')
      .send({ status: 'ENGAGED' })
      .expect(400);
    const [entry] = status.body.error.fields as { field: string; code: string; message: string }[];
    expect(entry).to.include({ field: 'body.status', code: 'enum' });
    expect(entry!.message).to.match(/^Not an allowed value; allowed: .*REJECTED/);
  });

  it('names control characters, and gives malformed JSON an empty list', async () => {
    const ctl = await api()
      .post('/v1/api/auth/forgot-password')
      .send({ email: 'a\u0007@example.cm' })
      .expect(400);
    expect(ctl.body.error.fields.map((f: { field: string }) => f.field)).to.include('body.email');
    const broken = await api()
      .post(REVERSE)
      .set('Content-Type', 'application/json')
      .send('{"latitude": 4,')
      .expect(400);
    expect(broken.body.error.code).to.equal('VALIDATION_ERROR');
    expect(broken.body.error.fields).to.deep.equal([]);
    // Where the parser stopped, for the developer; the sentence for the person, in their language.
    const trailing = await api()
      .post(REVERSE)
      .set('Content-Type', 'application/json')
      .set('Accept-Language', 'en')
      .send('{"latitude": 4, "longitude": 9,}')
      .expect(400);
    expect(trailing.body.message).to.equal('The request body is not valid JSON');
    expect(trailing.body.error.details).to.match(/^The request body is not valid JSON \(.*position 31/);
  });
});

describe('Request bodies: size limits', () => {
  let server: Listening;
  before(async () => {
    server = await listen(buildApp().app);
  });
  after(() => server.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    send(server, {
      method: 'POST',
      path: REVERSE,
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });

  it('accepts a body of exactly 16 KB and refuses one byte more with 413 stating the limit', async () => {
    const max = await post(paddedReverseBody(DEFAULT_BODY_LIMIT));
    expect(max.status).to.equal(200);
    const over = await post(paddedReverseBody(DEFAULT_BODY_LIMIT + 1));
    expect(over.status).to.equal(413);
    const fr = over.json as { error: { code: string; details: string } };
    expect(fr.error.code).to.equal('PAYLOAD_TOO_LARGE');
    expect(fr.error.details).to.equal(
      'Le corps de la requête dépasse 16 Ko (16384 octets), la limite de cette route',
    );
    const en = (await post(paddedReverseBody(DEFAULT_BODY_LIMIT + 1), { 'Accept-Language': 'en' })).json as {
      error: { details: string };
    };
    expect(en.error.details).to.equal("The request body is over 16 KB (16384 bytes), this route's limit");
  });

  it('refuses 900 KB quickly, with or without Content-Length', async () => {
    const started = performance.now();
    const sized = await post(HUGE_BODY);
    expect(sized.status).to.equal(413);
    expect(performance.now() - started).to.be.below(500);
    // Chunked: no length is announced, so the parser stops once 16 KB have arrived.
    const chunked = await postChunked(server.port, HUGE_BODY);
    expect(chunked.status).to.equal(413);
    expect(JSON.parse(chunked.text).error.code).to.equal('PAYLOAD_TOO_LARGE');
  });

  it('lets routes that take long texts read 100 KB: a cover letter of 10,000 accented characters', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c = await createCandidat();
    const lettreMotivation = 'é'.repeat(10_000); // 20 KB of UTF-8
    const res = await api()
      .post('/v1/api/candidatures')
      .set(c.auth)
      .send({ offreId, lettreMotivation })
      .expect(200);
    expect(res.body.data.lettreMotivation).to.equal(lettreMotivation);
  });

  it('keeps GET /health under 50 ms while 16 KB and 900 KB bodies are sent in a loop', async function () {
    this.timeout(60_000);
    // As in production: without the test-time answer check, which costs a schema validation per answer.
    const production = await listen(createApp(testDeps()).app);
    const medianOfHealth = async (samples: number) => {
      const latencies: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        const health = await send(production, { method: 'GET', path: '/health' });
        latencies.push(performance.now() - started);
        expect(health.status).to.equal(200);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return latencies.sort((a, b) => a - b)[Math.floor(samples / 2)]!;
    };
    let idle: number;
    let loaded: number;
    let counts: Record<string, number>;
    try {
      idle = await medianOfHealth(20);
      const max = paddedReverseBody(DEFAULT_BODY_LIMIT);
      const load = await startBodyLoad(production.port, REVERSE, [max, max, HUGE_BODY, HUGE_BODY]);
      try {
        loaded = await medianOfHealth(40);
      } finally {
        counts = await load.stop();
      }
    } finally {
      await production.close();
    }
    const shown = `median ${loaded.toFixed(1)} ms under load, ${idle.toFixed(1)} ms idle; answers ${JSON.stringify(counts)}`;
    // Medians, and what the load adds to the idle figure: the machine running the tests may be
    // shared, and that slows both alike. A body that blocked the event loop would add seconds.
    expect(loaded - idle, shown).to.be.below(50);
    expect(counts['200'], shown).to.be.above(0);
    expect(counts['413'], shown).to.be.above(0);
    expect(
      Object.keys(counts).filter((k) => !['200', '413', 'error'].includes(k)),
      shown,
    ).to.deep.equal([]);
    console.log(`      /health: ${shown}`);
  });
});

describe('Request bodies: documentation', () => {
  const built = () => buildApp();

  it('states each operation body limit and closes every documented body schema', () => {
    const doc = built().openapi as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const reverse = doc.paths['/v1/api/geo/reverse']!.post!;
    expect(reverse['x-body-limit']).to.equal(DEFAULT_BODY_LIMIT);
    const body = reverse.requestBody as { description: string; content: Record<string, { schema: unknown }> };
    expect(body.description).to.contain('At most 16 KB (16384 bytes)');
    expect(body.content['application/json']!.schema).to.include({ additionalProperties: false });
    expect(doc.paths['/v1/api/candidatures']!.post!['x-body-limit']).to.equal(LONG_TEXT_BODY_LIMIT);
    const error = doc.components.schemas.ErrorEnvelope!.properties!.error as {
      properties: Record<string, unknown>;
    };
    expect(error.properties.fields).to.include({ type: 'array' });
  });

  it('gives the long-text limit to every route with a text field over 5,000 characters', () => {
    const longest = (schema: unknown): number => {
      if (!schema || typeof schema !== 'object') return 0;
      const s = schema as Record<string, unknown>;
      const own =
        s.type === 'string' && !s.enum && !('const' in s) && !s.format
          ? ((s.maxLength as number) ?? Infinity)
          : 0;
      return Math.max(
        own,
        ...Object.values(s)
          .flatMap((v) => (Array.isArray(v) ? v : [v]))
          .map(longest),
      );
    };
    const missing = built()
      .routes.filter((r) => r.body && longest(JSON.parse(JSON.stringify(r.body as TSchema))) > 5000)
      .filter((r) => bodyLimitOf(r) < LONG_TEXT_BODY_LIMIT)
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).to.deep.equal([]);
  });
});
