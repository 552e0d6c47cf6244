/**
 * Data printed by the CLI cannot act on the operator's terminal: a recruiter whose name holds a
 * colour escape sequence and a right-to-left override is shown without either, in a table, in the
 * interactive picker (inquirer draws its choices itself) and in the coloured result line.
 */
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { runInProcess, startInProcess } from '../helpers/cli-in-process.ts';

const SGR = '\u001b[31m';
const RLO = '\u202e';

async function hostileRecruteur(): Promise<{ id: number }> {
  const r = await createRecruteur({ status: 'PENDING_APPROVAL' });
  await testDb()('recruiters')
    .where({ id: r.id })
    .update({ prenom: `Mal${SGR}lory`, nom: `Ndongo${RLO}exe.fdp` });
  await testDb()('entreprises')
    .where({ id: r.entrepriseId })
    .update({ nomEntreprise: `Acme${SGR}${RLO} SARL` });
  return r;
}

describe('CLI: data cannot drive the terminal', function () {
  this.timeout(60000);

  it('a table of pending recruiters shows the names without escape sequences or bidi controls', async () => {
    const r = await hostileRecruteur();
    const res = await runInProcess(['recruiters', 'pending']);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.contain('Mallory Ndongoexe.fdp').and.contain(String(r.id));
    expect(res.stdout).to.not.contain(SGR).and.not.contain(RLO).and.not.contain('\u001b');
  });

  it('the picker’s choices and the result line are cleaned too', async () => {
    const r = await hostileRecruteur();
    const run = startInProcess(['recruiters', 'approve']);
    await run.stderr.waitFor(/Recruiter to approve/);
    run.stdin.write(`#${r.id} `);
    await run.stderr.waitFor(new RegExp(`❯ #${r.id} Mallory Ndongoexe\\.fdp`));
    run.stdin.write('\r');
    const res = await run.done;
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stderr).to.contain('Acme SARL');
    expect(res.stderr).to.not.contain(SGR).and.not.contain(RLO);
    expect(res.stdout).to.contain(`Approved recruiter #${r.id} Mallory Ndongoexe.fdp`);
    expect(res.stdout).to.not.contain(SGR).and.not.contain(RLO);
  });
});
