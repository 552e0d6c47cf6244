import os from 'node:os';
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';
import { runInProcess, startInProcess } from '../helpers/cli-in-process.ts';
import { verifyPassword } from '../../lib/passwords.ts';

const CLI_ACTOR = `cli:${os.userInfo().username}`;
const noStack = (text: string) => expect(text).not.to.match(/\n\s+at /);

describe('CLI: recrutement admin create', function () {
  this.timeout(60000);

  it('creates a SUPER_ADMIN through the real binary (--json), audited as the CLI user', async () => {
    const email = uniqueEmail('root');
    const r = await runBinary([
      'admin',
      'create',
      '--email',
      email,
      '--password',
      'Tres-Secret-42',
      '--super',
      '--langue',
      'en',
      '--json',
    ]);
    expect(r.code, r.stderr).to.equal(0);
    const created = parseJson<{
      id: number;
      email: string;
      roles: string[];
      nom: string;
      prenom: string;
      enabled: boolean;
    }>(r);
    expect(created).to.include({ email, nom: 'Administrateur', prenom: email.split('@')[0], enabled: true });
    expect(created.roles).to.deep.equal(['SUPER_ADMIN']);
    const account = await testDb()('accounts').where({ id: created.id }).first();
    expect(account.role).to.equal('SUPER_ADMIN');
    expect(account.langue).to.equal('en');
    expect(await verifyPassword(account.passwordHash, 'Tres-Secret-42')).to.equal(true);
    const [audit] = await testDb()('auditLogs').where({
      action: 'admin.created',
      targetId: String(created.id),
    });
    expect(audit).to.include({ actorType: 'system', actorId: CLI_ACTOR });
  });

  it('creates an ADMIN with names (human output); a taken email exits 1 with the code in the message', async () => {
    const email = uniqueEmail('ops');
    const ok = await runInProcess([
      'admin',
      'create',
      '--email',
      email,
      '--password',
      'Tres-Secret-42',
      '--nom',
      'Ndongo',
      '--prenom',
      'Alice',
    ]);
    expect(ok.code, ok.stderr).to.equal(0);
    expect(ok.stdout).to.match(/Created ADMIN #\d+ /);
    const row = await testDb()('admins as ad')
      .join('accounts as a', 'a.id', 'ad.id')
      .where('a.email', email)
      .first('ad.nom', 'ad.prenom', 'a.role');
    expect(row).to.deep.equal({ nom: 'Ndongo', prenom: 'Alice', role: 'ADMIN' });

    const again = await runInProcess(['admin', 'create', '--email', email, '--password', 'Tres-Secret-42']);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.match(/^Error EMAIL_ALREADY_USED/);
    noStack(again.stderr);
  });

  it('bad usage exits 2: missing --email, short password; asks the password on a terminal', async () => {
    const missing = await runInProcess(['admin', 'create', '--password', 'Tres-Secret-42']);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.contain("required option '--email <email>'");
    const short = await runInProcess([
      'admin',
      'create',
      '--email',
      uniqueEmail('short'),
      '--password',
      'court',
    ]);
    expect(short.code).to.equal(2);
    // The field as the operator typed it, worded: not the API's `body.password: minLength (limit=8)`.
    expect(short.stderr).to.contain('Error VALIDATION_ERROR: ');
    expect(short.stderr).to.contain('(password: At least 8 characters)');

    const email = uniqueEmail('asked');
    const run = startInProcess(['admin', 'create', '--email', email]);
    await run.stderr.waitFor(/Password of the new administrator/);
    run.stdin.write('Tapé-au-clavier-9\r');
    const r = await run.done;
    expect(r.code, r.stderr).to.equal(0);
    const account = await testDb()('accounts').where({ email }).first();
    expect(await verifyPassword(account.passwordHash, 'Tapé-au-clavier-9')).to.equal(true);
    expect(run.stderr.text).not.to.contain('Tapé-au-clavier-9');
  });
});

describe('CLI: recrutement recruiters', function () {
  this.timeout(60000);

  it('pending lists PENDING_APPROVAL recruiters (--json and table)', async () => {
    const r = await createRecruteur({ status: 'PENDING_APPROVAL' });
    const json = await runInProcess(['recruiters', 'pending', '--json']);
    expect(json.code, json.stderr).to.equal(0);
    const list = parseJson<{ id: number; email: string; status: string; entreprise: { id: number } }[]>(json);
    const mine = list.find((p) => p.id === r.id);
    expect(mine).to.include({ email: r.email, status: 'PENDING_APPROVAL' });
    expect(mine?.entreprise.id).to.equal(r.entrepriseId);
    const table = await runInProcess(['recruiters', 'pending']);
    expect(table.stdout).to.contain(r.email);
  });

  it('approve <id>: ACTIVE, history entry by the CLI user, audit row, event and email', async () => {
    const r = await createRecruteur({ status: 'PENDING_APPROVAL' });
    const res = await runInProcess(['recruiters', 'approve', String(r.id), '--json']);
    expect(res.code, res.stderr).to.equal(0);
    expect(parseJson<{ id: number; status: string }>(res)).to.include({ id: r.id, status: 'ACTIVE' });
    const [entry] = await testDb()('recruiterStatusHistory').where({
      recruiterId: r.id,
      newStatus: 'ACTIVE',
    });
    expect(entry).to.include({
      oldStatus: 'PENDING_APPROVAL',
      changedByName: CLI_ACTOR,
      changedByEmail: null,
    });
    const [audit] = await testDb()('auditLogs').where({
      action: 'recruiter.approve',
      targetId: String(r.id),
    });
    expect(audit).to.include({ actorType: 'system', actorId: CLI_ACTOR, ip: 'cli' });
    expect(await testDb()('outboundEmails').where({ toAddress: r.email })).to.have.length(1);
    const events = await testDb()('domainEvents')
      .where({ type: 'recruiter.approved' })
      .whereRaw("JSON_EXTRACT(data, '$.recruiterId') = ?", [r.id]);
    expect(events).to.have.length(1);

    const history = await runInProcess(['recruiters', 'history', String(r.id)]);
    expect(history.code).to.equal(0);
    expect(history.stdout).to.contain('PENDING_APPROVAL').and.to.contain('ACTIVE').and.to.contain(CLI_ACTOR);
  });

  it('approve with no id lets the operator pick from the pending list (keys on its input)', async () => {
    await createRecruteur({ status: 'PENDING_APPROVAL' });
    const target = await createRecruteur({ status: 'PENDING_APPROVAL' });
    const run = startInProcess(['recruiters', 'approve']);
    await run.stderr.waitFor(/Recruiter to approve/);
    // Typing jumps to the choice whose label starts with the text; Enter picks it.
    run.stdin.write(`#${target.id} `);
    await run.stderr.waitFor(new RegExp(`❯ #${target.id} `));
    run.stdin.write('\r');
    const res = await run.done;
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.contain(`Approved recruiter #${target.id}`);
    expect((await testDb()('recruiters').where({ id: target.id }).first('status')).status).to.equal('ACTIVE');
  });

  it('approve with no id and no terminal exits 2 with a hint (real binary)', async () => {
    const r = await runBinary(['recruiters', 'approve']);
    expect(r.code).to.equal(2);
    expect(r.stderr).to.contain('recrutement recruiters approve <id>');
    noStack(r.stderr);
  });

  it('reject and suspend need a reason, ask for confirmation, and refuse a wrong state with exit 1', async () => {
    const pending = await createRecruteur({ status: 'PENDING_APPROVAL' });
    const noReason = await runInProcess(['recruiters', 'reject', String(pending.id), '--yes']);
    expect(noReason.code).to.equal(2);
    expect(noReason.stderr).to.contain('--reason');

    const declined = startInProcess([
      'recruiters',
      'reject',
      String(pending.id),
      '--reason',
      'RCCM illisible',
    ]);
    await declined.stderr.waitFor(/Reject recruiter/);
    declined.stdin.write('n\r');
    const no = await declined.done;
    expect(no.code).to.equal(1);
    expect(no.stderr, no.stderr).to.contain('Cancelled');
    expect((await testDb()('recruiters').where({ id: pending.id }).first('status')).status).to.equal(
      'PENDING_APPROVAL',
    );

    const rejected = await runInProcess([
      'recruiters',
      'reject',
      String(pending.id),
      '--reason',
      'RCCM illisible',
      '--yes',
      '--json',
    ]);
    expect(rejected.code, rejected.stderr).to.equal(0);
    expect(parseJson<{ status: string }>(rejected).status).to.equal('REJECTED');
    const [entry] = await testDb()('recruiterStatusHistory').where({
      recruiterId: pending.id,
      newStatus: 'REJECTED',
    });
    expect(entry).to.include({ reason: 'RCCM illisible', changedByName: CLI_ACTOR });

    const active = await createRecruteur();
    const suspended = await runInProcess([
      'recruiters',
      'suspend',
      String(active.id),
      '--reason',
      'Offres frauduleuses',
      '--yes',
    ]);
    expect(suspended.code, suspended.stderr).to.equal(0);
    expect(suspended.stdout).to.contain('now SUSPENDED');
    const live = await testDb()('authTokens').where({ accountId: active.id }).whereNull('revokedAt');
    expect(live).to.have.length(0);

    const again = await runInProcess([
      'recruiters',
      'suspend',
      String(active.id),
      '--reason',
      'encore',
      '--yes',
    ]);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.match(
      /^Error INVALID_TRANSITION: Cannot move a recruiter from SUSPENDED to SUSPENDED/,
    );
    noStack(again.stderr);

    const unknown = await runInProcess(['recruiters', 'history', '999999999']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('Error NOT_FOUND: Recruiter not found');
    const badId = await runInProcess(['recruiters', 'history', 'abc']);
    expect(badId.code).to.equal(2);
    expect(badId.stderr).to.contain('positive integer');
  });

  it('a destructive action without a terminal and without --yes exits 2 (real binary)', async () => {
    const active = await createRecruteur();
    const r = await runBinary(['recruiters', 'suspend', String(active.id), '--reason', 'test']);
    expect(r.code).to.equal(2);
    expect(r.stderr).to.contain('--yes');
    expect((await testDb()('recruiters').where({ id: active.id }).first('status')).status).to.equal('ACTIVE');
  });
});
