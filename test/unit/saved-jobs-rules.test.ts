/** Saved jobs: how a bookmarked offer is shown once it changed or was deleted. */
import { expect } from 'chai';
import { toSavedJobView, type SavedJobRow } from '../../domain/saved-jobs/saved-job-view.ts';
import { SAVED_JOB_SORTS } from '../../domain/saved-jobs/list-saved-jobs.ts';

const savedAt = new Date('2026-11-01T10:00:00Z');
const publishedAt = new Date('2026-10-30T08:00:00Z');
const row = (over: Partial<SavedJobRow> = {}): SavedJobRow => ({
  offreId: 8,
  savedAt,
  snapTitre: 'Comptable (au moment de l’enregistrement)',
  snapEntrepriseNom: 'Ancienne raison sociale',
  id: 8,
  status: 'PUBLISHED',
  titre: 'Comptable senior',
  entrepriseId: 2,
  entrepriseNom: 'Société A',
  logoFileId: 5,
  localisation: 'Akwa',
  contractType: 'CDI',
  salaireMin: '250000',
  salaireMax: null,
  remotePossible: 0 as unknown as boolean,
  deadline: '2026-12-01',
  publishedAt,
  ...over,
});

describe('Saved job rules (unit)', () => {
  it('an offer still there is shown as it is now: current title, company, status, salaries as numbers', () => {
    expect(toSavedJobView(row(), 'https://api.example.cm')).to.deep.equal({
      offreId: 8,
      savedAt,
      offreStatus: 'PUBLISHED',
      titre: 'Comptable senior',
      entrepriseId: 2,
      entrepriseNom: 'Société A',
      entrepriseLogoUrl: 'https://api.example.cm/v1/api/files/5',
      localisation: 'Akwa',
      contractType: 'CDI',
      salaireMin: 250000,
      salaireMax: null,
      remotePossible: false,
      deadline: '2026-12-01',
      publishedAt,
    });
  });

  it('an archived offer stays in the list, marked ARCHIVED', () => {
    expect(toSavedJobView(row({ status: 'ARCHIVED' }), 'https://api.example.cm').offreStatus).to.equal(
      'ARCHIVED',
    );
  });

  it('a deleted offer is marked DELETED and named by what was saved with the bookmark', () => {
    const view = toSavedJobView(
      row({
        id: null,
        status: null,
        titre: null,
        entrepriseId: null,
        entrepriseNom: null,
        logoFileId: null,
        localisation: null,
        contractType: null,
        salaireMin: null,
        remotePossible: null,
        deadline: null,
        publishedAt: null,
      }),
      'https://api.example.cm',
    );
    expect(view).to.include({
      offreStatus: 'DELETED',
      titre: 'Comptable (au moment de l’enregistrement)',
      entrepriseNom: 'Ancienne raison sociale',
      entrepriseLogoUrl: null,
      remotePossible: null,
    });
  });

  it('saved jobs are sorted by the date saved, the deadline or the publication date', () => {
    expect(Object.keys(SAVED_JOB_SORTS)).to.have.members(['savedAt', 'deadline', 'publishedAt']);
  });
});
