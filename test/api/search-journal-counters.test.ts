/**
 * Applications move the offer's pipeline counters, which change no search answer: they must not
 * journal the offer, or every application would make every API process reload it.
 */
import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { domainCtx } from '../helpers/app.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { applyToOffre } from '../../domain/candidatures/apply-to-offre.ts';
import {
  OFFRE_COUNTER_COLUMNS,
  journalledOffreColumns,
} from '../../migrations/support/offre-journal-trigger.ts';

async function journalOf(offreId: number, since: number): Promise<number> {
  const rows = await testDb()('searchJournal')
    .where({ kind: 'OFFRE', refId: offreId })
    .andWhere('id', '>', since);
  return rows.length;
}

async function lastJournalId(): Promise<number> {
  return Number((await testDb()('searchJournal').max({ m: 'id' }))[0].m ?? 0);
}

describe('Search journal: counters do not wake the index', function () {
  this.timeout(180_000);

  it('100 applications journal nothing; an edit of the title journals the offer', async () => {
    const recruteur = await createRecruteur();
    const offreId = await createOffre(recruteur);
    const before = await lastJournalId();
    for (let i = 0; i < 100; i++) {
      const candidat = await createCandidat();
      await applyToOffre(
        domainCtx({ type: 'account', id: candidat.id, role: 'CANDIDAT', email: candidat.email }),
        {
          offreId,
        },
      );
    }
    const offre = await testDb()('offres').where({ id: offreId }).first('totalCandidatures', 'nouveaux');
    expect(offre).to.deep.equal({ totalCandidatures: 100, nouveaux: 100 });
    expect(await journalOf(offreId, before)).to.equal(0);

    await testDb()('offres').where({ id: offreId }).update({ titre: 'Comptable principal' });
    expect(await journalOf(offreId, before)).to.equal(1);
  });

  it('the trigger compares every column of offres but the counters', async () => {
    const [rows] = (await testDb().raw(
      `SELECT action_statement AS body FROM information_schema.triggers
       WHERE trigger_schema = DATABASE() AND trigger_name = 'search_journal_offre_update'`,
    )) as [{ body: string }[]];
    expect(rows).to.have.length(1);
    const columns = await journalledOffreColumns(testDb());
    expect(columns).to.include.members(['titre', 'description', 'status', 'entreprise_id']);
    for (const column of columns) expect(rows[0].body, column).to.contain(`NEW.\`${column}\``);
    for (const counter of OFFRE_COUNTER_COLUMNS)
      expect(rows[0].body, counter).to.not.contain(`\`${counter}\``);
  });
});
