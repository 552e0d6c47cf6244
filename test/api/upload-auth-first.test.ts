/**
 * Uploads are judged before their body is read: an anonymous or wrong-role multipart request, or
 * an import into another company's pool, gets its answer while the client has sent only the
 * first kilobyte of a 10 MB body (the server does not wait for, nor parse, the rest).
 */
import http from 'node:http';
import { expect } from 'chai';
import { startServer, type RunningServer } from '../../api/server.ts';
import { testDeps } from '../helpers/env.ts';
import { createCandidat, createRecruteur } from '../helpers/factories.ts';
import { createVivierRow } from '../helpers/vivier-factories.ts';

const TEN_MB = 10 * 1024 * 1024;

/** Sends the headers and 1 KB of a 10 MB multipart body, then waits for an answer without sending more. */
function startUpload(
  base: string,
  path: string,
  auth?: string,
): Promise<{ status: number; body: string; ms: number }> {
  const boundary = 'x-boundary-x';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const req = http.request(`${base}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(TEN_MB),
        ...(auth ? { Authorization: auth } : {}),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started });
        req.destroy();
      });
    });
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
    req.write(Buffer.concat([head, Buffer.alloc(1024 - head.length, 'a')]));
    setTimeout(() => reject(new Error('no answer while the body was still being sent')), 5000).unref();
  });
}

describe('Uploads: role and ownership checks before the body is read (F8)', function () {
  this.timeout(30_000);
  let server: RunningServer;

  before(async () => {
    server = await startServer(testDeps(), 0, '127.0.0.1');
  });
  after(() => server.close());

  it('an anonymous 10 MB upload gets its 401 after 1 KB', async () => {
    const res = await startUpload(server.url, '/v1/api/candidats/me/cv');
    expect(res.status).to.equal(401);
    expect(JSON.parse(res.body).error.code).to.equal('TOKEN_MISSING');
  });

  it('a wrong role gets its 403, and an import into another company’s pool its 404, after 1 KB', async () => {
    const candidat = await createCandidat();
    const wrongRole = await startUpload(
      server.url,
      '/v1/api/recruiters/me/documents',
      candidat.auth.Authorization,
    );
    expect(wrongRole.status).to.equal(403);
    const recruteur = await createRecruteur();
    const otherEntreprise = await createRecruteur();
    const pool = await createVivierRow(otherEntreprise.entrepriseId);
    const foreign = await startUpload(
      server.url,
      `/v1/api/recruiters/me/viviers/${pool}/import`,
      recruteur.auth.Authorization,
    );
    expect(foreign.status).to.equal(404);
  });
});
