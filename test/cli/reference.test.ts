import os from 'node:os';
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createEntreprise } from '../helpers/factories.ts';
import { unique } from '../helpers/unique.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';

const CLI_ACTOR = `cli:${os.userInfo().username}`;

interface Sector {
  id: number;
  nom: string;
  description: string | null;
  entreprisesCount: number;
}

describe('CLI: recrutement sectors and levels', function () {
  this.timeout(60000);

  it('sectors add, list, update, delete (--json), audited as the CLI user', async () => {
    const nom = unique('Agro ');
    const added = await runInProcess([
      'sectors',
      'add',
      '--nom',
      nom,
      '--description',
      'Transformation',
      '--json',
    ]);
    expect(added.code, added.stderr).to.equal(0);
    const sector = parseJson<Sector>(added);
    expect(sector).to.deep.equal({ id: sector.id, nom, description: 'Transformation', entreprisesCount: 0 });

    const list = parseJson<Sector[]>(await runInProcess(['sectors', 'list', '--json']));
    expect(list.find((s) => s.id === sector.id)).to.deep.equal(sector);
    const table = await runInProcess(['sectors', 'list']);
    expect(table.stdout).to.contain(nom);

    const described = await runInProcess([
      'sectors',
      'update',
      String(sector.id),
      '--description',
      'Agro-industrie',
      '--json',
    ]);
    expect(described.code, described.stderr).to.equal(0);
    expect(parseJson<Sector>(described)).to.include({ nom, description: 'Agro-industrie' });
    const renamed = await runInProcess(['sectors', 'update', String(sector.id), '--nom', `${nom} bis`]);
    expect(renamed.code, renamed.stderr).to.equal(0);
    expect(renamed.stdout).to.contain(`Updated sector #${sector.id} "${nom} bis"`);
    expect((await testDb()('secteursActivite').where({ id: sector.id }).first()).description).to.equal(
      'Agro-industrie',
    );

    const deleted = await runInProcess(['sectors', 'delete', String(sector.id), '--yes', '--json']);
    expect(deleted.code, deleted.stderr).to.equal(0);
    expect(parseJson(deleted)).to.deep.equal({ deleted: sector.id });
    expect(await testDb()('secteursActivite').where({ id: sector.id })).to.have.length(0);
    const audit = await testDb()('auditLogs')
      .where({ targetType: 'sector', targetId: String(sector.id) })
      .orderBy('id');
    expect(audit.map((a) => a.action)).to.deep.equal([
      'sector.created',
      'sector.updated',
      'sector.updated',
      'sector.deleted',
    ]);
    expect(audit.every((a) => a.actorId === CLI_ACTOR)).to.equal(true);
  });

  it('bad usage exits 2 (missing --nom, nothing to change, bad id); a taken name exits 1', async () => {
    const missing = await runInProcess(['sectors', 'add']);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.contain("required option '--nom <nom>'");
    const nothing = await runInProcess(['sectors', 'update', '1']);
    expect(nothing.code).to.equal(2);
    expect(nothing.stderr).to.contain('Nothing to change');
    const badId = await runInProcess(['sectors', 'delete', '0', '--yes']);
    expect(badId.code).to.equal(2);

    const nom = unique('Pêche ');
    expect((await runInProcess(['sectors', 'add', '--nom', nom])).code).to.equal(0);
    const taken = await runInProcess(['sectors', 'add', '--nom', nom.toUpperCase()]);
    expect(taken.code).to.equal(1);
    expect(taken.stderr).to.match(/^Error CONFLICT: Sector ".*" already exists/);
    const unknown = await runInProcess(['sectors', 'update', '999999999', '--description', 'x']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('Error NOT_FOUND');
  });

  it('deleting a sector in use exits 1 with SECTOR_IN_USE and no stack trace (real binary)', async () => {
    const [id] = await testDb()('secteursActivite').insert({ nom: unique('Mines '), actif: true });
    await createEntreprise({ secteurActiviteId: id });
    const r = await runBinary(['sectors', 'delete', String(id), '--yes']);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.match(
      /^Error SECTOR_IN_USE: Companies are still attached to this sector \(entreprisesCount: 1\)/,
    );
    expect(r.stderr).not.to.match(/\n\s+at /);
    expect(await testDb()('secteursActivite').where({ id })).to.have.length(1);
  });

  it('levels add and list; --ordre must be an integer', async () => {
    const nom = unique('Niveau ');
    const added = await runInProcess(['levels', 'add', '--nom', nom, '--ordre', '75', '--json']);
    expect(added.code, added.stderr).to.equal(0);
    const level = parseJson<{ id: number; nom: string; ordre: number }>(added);
    expect(level).to.deep.equal({ id: level.id, nom, ordre: 75 });
    const list = parseJson<{ id: number; ordre: number }[]>(await runInProcess(['levels', 'list', '--json']));
    expect(list.find((l) => l.id === level.id)).to.deep.equal(level);
    const ordres = list.map((l) => l.ordre);
    expect(ordres).to.deep.equal([...ordres].sort((a, b) => a - b));
    const human = await runInProcess(['levels', 'list']);
    expect(human.stdout).to.contain(nom);

    const bad = await runInProcess(['levels', 'add', '--nom', unique('N '), '--ordre', 'deux']);
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain("option '--ordre <n>' argument 'deux' is invalid");
  });
});

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BYTE = new RegExp('[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]');

describe('CLI: control characters in data never reach the terminal', () => {
  it('a sector name holding ESC and BEL is printed without any control byte (table and messages)', async () => {
    const nom = unique('Évil\u001b]0;pwned\u0007\u001b[2J ');
    const [id] = await testDb()('secteursActivite').insert({ nom, actif: true });
    const list = await runInProcess(['sectors', 'list']);
    expect(list.code, list.stderr).to.equal(0);
    // Whole escape sequences go (the OSC title and the screen clear), not just their ESC bytes.
    expect(list.stdout).to.contain('Évil ').and.not.contain('pwned').and.not.contain('[2J');
    expect(list.stdout).to.not.match(CONTROL_BYTE);
    const deleted = await runInProcess(['sectors', 'delete', String(id), '--yes']);
    expect(deleted.stdout + deleted.stderr).to.not.match(CONTROL_BYTE);
  });
});
