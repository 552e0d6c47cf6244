import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { uploadAs } from '../helpers/profile-factories.ts';
import { pdfBuffer } from '../helpers/file-fixtures.ts';
import { parseJson, runBinary } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import type { RecruteurDocument } from '../../domain/recruteurs/list-recruteur-documents.ts';

const CLI_ACTOR = `cli:${os.userInfo().username}`;

describe('CLI: recrutement recruiters reactivate', function () {
  this.timeout(60000);

  it('moves a SUSPENDED recruiter back to ACTIVE, with history, audit row and email, as the CLI user', async () => {
    const r = await createRecruteur({ status: 'SUSPENDED' });
    const done = await runInProcess([
      'recruiters',
      'reactivate',
      String(r.id),
      '--reason',
      'Documents vérifiés',
      '--yes',
      '--json',
    ]);
    expect(done.code, done.stderr).to.equal(0);
    expect(parseJson<{ id: number; status: string }>(done)).to.include({ id: r.id, status: 'ACTIVE' });
    const [entry] = await testDb()('recruiterStatusHistory').where({
      recruiterId: r.id,
      newStatus: 'ACTIVE',
    });
    expect(entry).to.include({
      oldStatus: 'SUSPENDED',
      reason: 'Documents vérifiés',
      changedByName: CLI_ACTOR,
    });
    const [audit] = await testDb()('auditLogs').where({
      action: 'recruiter.reactivate',
      targetId: String(r.id),
    });
    expect(audit).to.include({ actorType: 'system', actorId: CLI_ACTOR });
    expect(await testDb()('outboundEmails').where({ toAddress: r.email })).to.have.length(1);
  });

  it('refuses an ACTIVE recruiter (exit 1, the domain code) and asks for --yes without a terminal', async () => {
    const r = await createRecruteur();
    const again = await runInProcess(['recruiters', 'reactivate', String(r.id), '--yes']);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.match(/^Error INVALID_TRANSITION:/);
    const suspended = await createRecruteur({ status: 'SUSPENDED' });
    const unconfirmed = await runBinary(['recruiters', 'reactivate', String(suspended.id)]);
    expect(unconfirmed.code).to.equal(2);
    expect(unconfirmed.stderr).to.contain('--yes');
    expect((await testDb()('recruiters').where({ id: suspended.id }).first('status')).status).to.equal(
      'SUSPENDED',
    );
  });
});

describe('CLI: recrutement recruiters documents', function () {
  this.timeout(60000);

  it('lists a pending recruiter’s uploaded document (id, name, type, size) and --download copies it', async () => {
    const r = await createRecruteur({ status: 'PENDING_DOCS' });
    const pdf = pdfBuffer('RCCM Douala');
    const up = await uploadAs(r.auth, '/recruiters/me/documents', {
      data: pdf,
      name: '../../RCCM Wouri; rm -rf.pdf',
      type: 'application/pdf',
    });
    expect(up.status, JSON.stringify(up.body)).to.equal(200);
    const fileId = up.body.data.documentId as number;

    const listed = await runInProcess(['recruiters', 'documents', String(r.id), '--json']);
    expect(listed.code, listed.stderr).to.equal(0);
    const docs = parseJson<RecruteurDocument[]>(listed);
    expect(docs).to.have.length(1);
    expect(docs[0]).to.include({ fileId, contentType: 'application/pdf', size: pdf.length, current: true });

    const table = await runInProcess(['recruiters', 'documents', String(r.id)]);
    expect(table.stdout).to.contain(String(fileId)).and.to.contain('application/pdf').and.to.contain('yes');

    const dir = mkdtempSync(path.join(os.tmpdir(), 'rccm-'));
    const dl = await runInProcess(['recruiters', 'documents', String(r.id), '--download', dir, '--json']);
    expect(dl.code, dl.stderr).to.equal(0);
    const [saved] = parseJson<(RecruteurDocument & { downloadedTo: string })[]>(dl);
    // The recruiter's name is reduced to safe characters and stays inside the folder.
    expect(readdirSync(dir)).to.deep.equal([`${fileId}-RCCM_Wouri_rm_-rf.pdf`]);
    expect(saved!.downloadedTo).to.equal(path.join(dir, `${fileId}-RCCM_Wouri_rm_-rf.pdf`));
    expect(readFileSync(saved!.downloadedTo).equals(pdf)).to.equal(true);
  });

  it('says when there is none, and an unknown recruiter is NOT_FOUND (exit 1)', async () => {
    const r = await createRecruteur({ status: 'PENDING_DOCS' });
    const none = await runInProcess(['recruiters', 'documents', String(r.id)]);
    expect(none.code, none.stderr).to.equal(0);
    expect(none.stdout).to.contain(`Recruiter #${r.id} has uploaded no document`);
    const unknown = await runInProcess(['recruiters', 'documents', '999999999']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('Error NOT_FOUND: Recruiter not found');
  });
});
