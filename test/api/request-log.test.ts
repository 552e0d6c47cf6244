/**
 * One JSON log line per request at info (method, path, status, ms, request id) that never carries
 * the Authorization header, a query string's token or a body; and GET / points to the docs.
 */
import { Writable } from 'node:stream';
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { createLogger } from '../../lib/logger.ts';
import { testDeps } from '../helpers/env.ts';
import { recordAnswerMismatch } from '../helpers/answer-mismatches.ts';

function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      raw.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      cb();
    },
  });
  const { app } = createApp(
    { ...testDeps(), logger: createLogger(level, sink) },
    { onAnswerMismatch: recordAnswerMismatch },
  );
  return { request: supertest(app.callback()), lines, raw };
}

describe('Request logs', () => {
  const secret = 'sEcReT-reset-token-123';
  const bearer = 'eyJhbGciOiJIUzI1NiJ9.bogus.signature';

  it('at info, a request is one line with method, path, status, ms and request id, and no secret', async () => {
    const { request, lines, raw } = appLoggingAt('info');
    const res = await request
      .post(`/v1/api/auth/reset-password?token=${secret}`)
      .set('Authorization', `Bearer ${bearer}`)
      .send({ token: secret, newPassword: 'N0uveau-mot-de-passe' });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).to.have.length(1);
    const line = requests[0]!;
    expect(line).to.include({
      level: 30,
      method: 'POST',
      path: '/v1/api/auth/reset-password',
      status: res.status,
      requestId: res.headers['x-request-id'],
    });
    expect(line.ms).to.be.a('number');
    const all = raw.join('');
    expect(all).not.to.contain(secret);
    expect(all).not.to.contain(bearer);
    expect(all).not.to.contain('N0uveau-mot-de-passe');
    expect(all.toLowerCase()).not.to.contain('authorization');
  });

  it('at warn (LOG_LEVEL=warn) no request line is written', async () => {
    const { request, lines } = appLoggingAt('warn');
    await request.get('/v1/api/regions').expect(200);
    expect(lines.filter((l) => l.msg === 'request')).to.deep.equal([]);
  });
});

describe('GET /', () => {
  it('points to the interactive docs and the OpenAPI document, which both answer', async () => {
    const { request } = appLoggingAt('silent');
    const res = await request.get('/').expect(200);
    expect(res.body).to.include({ docs: '/docs', openapi: '/v1/api/openapi.json' });
    await request.get(res.body.docs as string).expect(200);
    await request.get(res.body.openapi as string).expect(200);
  });
});
