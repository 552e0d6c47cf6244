/**
 * An upload flood against a real API process: many large CVs at once must not grow the process by
 * their size. Multipart bodies are written to temporary files as they arrive and non-image files
 * are streamed from there to the store, so the API's resident memory stays bounded however many
 * megabytes come in.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createCandidat, type TestAccount } from '../helpers/factories.ts';
import { pdfBuffer } from '../helpers/file-fixtures.ts';
import { startApiProcess, stopAllProcesses, type ApiProcess } from '../helpers/processes.ts';

const MB = 1024 * 1024;
const CV_BYTES = 4.5 * MB;
const CONCURRENT = 16;
const ROUNDS = 3;
/** Buffering would cost CONCURRENT x 4.5 MB = 72 MB at least; streaming costs buffers of kilobytes. */
const RSS_GROWTH_BOUND = 40 * MB;

function residentBytes(pid: number): number {
  if (process.platform === 'linux') {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (line) return Number(line[1]) * 1024;
  }
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) * 1024
  );
}

async function uploadCv(api: ApiProcess, who: TestAccount, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'cv.pdf');
  const res = await fetch(`${api.url}/v1/api/candidats/me/cv`, {
    method: 'POST',
    headers: who.auth,
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

describe('Upload flood: the API process stays within a memory bound (streaming, not buffering)', function () {
  this.timeout(400_000);
  let api: ApiProcess;

  before(async () => {
    api = await startApiProcess('api-uploads');
  });
  after(async () => {
    await stopAllProcesses();
  });

  it(`${CONCURRENT} concurrent 4.5 MB CVs, ${ROUNDS} rounds: RSS grows by less than ${RSS_GROWTH_BOUND / MB} MB`, async () => {
    const candidats = await Promise.all(Array.from({ length: CONCURRENT }, () => createCandidat()));
    const cv = Buffer.concat([pdfBuffer('CV volumineux'), randomBytes(CV_BYTES)]);
    // Warm up: the first requests load code and fill caches that then stay.
    for (const c of candidats.slice(0, 2)) expect(await uploadCv(api, c, cv)).to.be.oneOf([200, 201]);
    const baseline = residentBytes(api.pid);

    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(api.pid))), 20);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const statuses = await Promise.all(candidats.map((c) => uploadCv(api, c, cv)));
        expect(
          statuses.every((s) => s === 200 || s === 201),
          String(statuses),
        ).to.equal(true);
      }
    } finally {
      clearInterval(sampler);
    }
    const growth = peak - baseline;
    const sent = CONCURRENT * ROUNDS * cv.length;
    console.log(
      `      upload flood: ${(sent / MB).toFixed(0)} MB sent, RSS ${(baseline / MB).toFixed(0)} MB -> peak ${(peak / MB).toFixed(0)} MB (+${(growth / MB).toFixed(1)} MB)`,
    );
    expect(growth).to.be.below(RSS_GROWTH_BOUND);
  });
});
