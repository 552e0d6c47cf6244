/**
 * Job alerts: which new offers an alert receives (its window and its filters), when each
 * frequency is served, and the one-segment SMS of an alert.
 */
import { expect } from 'chai';
import {
  MATCH_LOOKBACK_MS,
  passesAlertFilters,
  windowStart,
  type MatchableAlert,
} from '../../domain/alerts/find-alert-matches.ts';
import { frequencyFilter } from '../../domain/alerts/alert-frequency.ts';
import { alertSmsText } from '../../domain/alerts/alert-sms.ts';
import { MAX_ALERTS_PER_CANDIDAT } from '../../domain/alerts/create-candidat-alert.ts';
import { CONFIRMATION_VALID_DAYS } from '../../domain/alerts/create-public-alert.ts';
import { septets, SINGLE_SEGMENT_SEPTETS } from '../../domain/sms/gsm7.ts';
import type { IndexedOffre } from '../../domain/search/offre-index.ts';
import type { DigestOffre } from '../../domain/alerts/alert-emails.ts';
import type { Ctx } from '../../domain/context.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const alert = (over: Partial<MatchableAlert> = {}): MatchableAlert => ({
  id: 1,
  keywords: 'comptable',
  villeId: null,
  regionId: null,
  contractType: null,
  salaireMin: null,
  remotePossible: null,
  createdAt: new Date('2026-11-01T08:00:00Z'),
  lastMatchedAt: null,
  ...over,
});

const offre = (over: Partial<IndexedOffre> = {}): IndexedOffre => ({
  id: 7,
  titre: 'Comptable',
  competences: [],
  description: '',
  entrepriseId: 1,
  entrepriseNom: 'Société A',
  secteurId: 1,
  villeId: 3,
  regionId: 2,
  contractType: 'CDI',
  remotePossible: false,
  salaireMin: 200_000,
  salaireMax: 300_000,
  deadline: null,
  publishedAt: new Date('2026-11-10T08:00:00Z'),
  createdAt: new Date('2026-11-10T08:00:00Z'),
  ...over,
});

describe('Which offers an alert receives (unit)', () => {
  it('a new alert looks at offers published since its creation', () => {
    expect(windowStart(alert()).toISOString()).to.equal('2026-11-01T08:00:00.000Z');
  });

  it('after a run, the window starts 10 minutes before the last match, so a late commit is not missed', () => {
    expect(MATCH_LOOKBACK_MS).to.equal(10 * 60_000);
    const a = alert({ lastMatchedAt: new Date('2026-11-15T06:00:00Z') });
    expect(windowStart(a).toISOString()).to.equal('2026-11-15T05:50:00.000Z');
  });

  it('the window never starts before the alert was created', () => {
    const a = alert({
      createdAt: new Date('2026-11-15T06:05:00Z'),
      lastMatchedAt: new Date('2026-11-15T06:06:00Z'),
    });
    expect(windowStart(a).toISOString()).to.equal('2026-11-15T06:05:00.000Z');
  });

  it('an alert without filters takes every offer its keywords found', () => {
    expect(passesAlertFilters(alert(), offre())).to.equal(true);
  });

  it('city, region and contract must be the alert’s when it names them', () => {
    expect(passesAlertFilters(alert({ villeId: 3 }), offre())).to.equal(true);
    expect(passesAlertFilters(alert({ villeId: 4 }), offre())).to.equal(false);
    expect(passesAlertFilters(alert({ regionId: 5 }), offre())).to.equal(false);
    expect(passesAlertFilters(alert({ contractType: 'CDD' }), offre())).to.equal(false);
    expect(passesAlertFilters(alert({ contractType: 'CDI', regionId: 2 }), offre())).to.equal(true);
  });

  it('a minimum salary keeps offers whose range reaches it, and offers that give no maximum', () => {
    expect(passesAlertFilters(alert({ salaireMin: 300_000 }), offre())).to.equal(true);
    expect(passesAlertFilters(alert({ salaireMin: 300_001 }), offre())).to.equal(false);
    expect(passesAlertFilters(alert({ salaireMin: 900_000 }), offre({ salaireMax: null }))).to.equal(true);
    expect(
      passesAlertFilters(alert({ salaireMin: 900_000 }), offre({ salaireMin: null, salaireMax: null })),
    ).to.equal(true);
  });

  it('remote = yes asks for remote offers only; remote = no does not exclude them', () => {
    expect(passesAlertFilters(alert({ remotePossible: true }), offre())).to.equal(false);
    expect(passesAlertFilters(alert({ remotePossible: true }), offre({ remotePossible: true }))).to.equal(
      true,
    );
    expect(passesAlertFilters(alert({ remotePossible: false }), offre({ remotePossible: true }))).to.equal(
      true,
    );
  });
});

describe('When each alert frequency is served (unit)', () => {
  const until = new Date('2026-11-20T06:00:00Z');

  it('the instant run serves INSTANT alerts only', () => {
    expect(frequencyFilter('instant', until)).to.deep.equal({ frequencies: ['INSTANT'], weeklyBefore: null });
  });

  it('the daily run serves DAILY alerts, and WEEKLY ones last matched 7 days ago (less an hour of slack)', () => {
    const f = frequencyFilter('daily', until);
    expect(f.frequencies).to.deep.equal(['DAILY', 'WEEKLY']);
    expect(f.weeklyBefore?.toISOString()).to.equal(new Date(until.getTime() - 7 * DAY + HOUR).toISOString());
    expect(f.weeklyBefore?.toISOString()).to.equal('2026-11-13T07:00:00.000Z');
  });
});

describe('Alert limits (unit)', () => {
  it('a candidate may keep 50 alerts; a public alert must be confirmed within 7 days', () => {
    expect(MAX_ALERTS_PER_CANDIDAT).to.equal(50);
    expect(CONFIRMATION_VALID_DAYS).to.equal(7);
  });
});

describe('The SMS of an alert (unit)', () => {
  const ctx = { config: { publicUrl: 'https://api.example.cm', frontendUrl: null } } as unknown as Ctx;
  const line = (over: Partial<DigestOffre> = {}): DigestOffre => ({
    id: 12,
    titre: 'Comptable',
    entrepriseNom: 'Société Générale',
    villeNom: 'Douala',
    contractType: 'CDI',
    salaireMin: null,
    salaireMax: null,
    ...over,
  });

  it('names the newest offer, its company and city, how many others, the offer’s address, and that applying is free', () => {
    expect(alertSmsText(ctx, 'fr', [line(), line({ id: 13 }), line({ id: 14 })])).to.equal(
      'Comptable - Société Générale, Douala. +2 autres offres. https://api.example.cm/emplois/12 - postuler est gratuit',
    );
  });

  it('one other offer is said in the singular; none is not said; English for an English alert', () => {
    expect(alertSmsText(ctx, 'fr', [line(), line({ id: 13 })])).to.equal(
      'Comptable - Société Générale, Douala. +1 autre offre. https://api.example.cm/emplois/12 - postuler est gratuit',
    );
    expect(alertSmsText(ctx, 'en', [line({ villeNom: null })])).to.equal(
      'Comptable - Société Générale. https://api.example.cm/emplois/12 - applying is free',
    );
  });

  it('a long title and company are shortened to one segment; the address and "free" never are', () => {
    const text = alertSmsText(ctx, 'fr', [
      line({
        titre: 'Responsable administratif et financier '.repeat(6),
        entrepriseNom: 'Groupe '.repeat(20),
      }),
      line({ id: 99 }),
    ]);
    expect(septets(text)).to.be.at.most(SINGLE_SEGMENT_SEPTETS);
    expect(text.startsWith('Responsable administratif')).to.equal(true);
    expect(
      text.endsWith('. +1 autre offre. https://api.example.cm/emplois/12 - postuler est gratuit'),
    ).to.equal(true);
  });
});
