/**
 * The email catalogues: every key exists in French and in English with the same kind (text, or a
 * function of the same number of values), every email renders in both languages, and no email
 * sentence is written outside the catalogues.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { fr } from '../../domain/mail/catalogue/fr.ts';
import { en } from '../../domain/mail/catalogue/en.ts';
import { mailText } from '../../domain/mail/catalogue/mail-text.ts';
import type { Ctx } from '../../domain/context.ts';
import { htmlOf, type EmailMessage } from '../../domain/mail/enqueue-email.ts';
import type { Langue } from '../../models/account.ts';
import { moderationDigestEmail } from '../../domain/admins/moderation-digest.ts';
import { emailValidationEmail } from '../../domain/mail/templates/email-validation.ts';
import { passwordResetEmail } from '../../domain/mail/templates/password-reset.ts';
import { privacyInactivityNoticeEmail } from '../../domain/mail/templates/privacy-inactivity-notice.ts';
import { recruteurApprovedEmail } from '../../domain/mail/templates/recruteur-approved.ts';
import { recruteurRejectedEmail } from '../../domain/mail/templates/recruteur-rejected.ts';
import { recruteurSuspendedEmail } from '../../domain/mail/templates/recruteur-suspended.ts';
import { recruteurReactivatedEmail } from '../../domain/mail/templates/recruteur-reactivated.ts';
import { recruteurInvitationEmail } from '../../domain/mail/templates/recruteur-invitation.ts';
import { recruteurInvitationExistingAccountEmail } from '../../domain/mail/templates/recruteur-invitation-existing-account.ts';
import { entrepriseOwnershipTransferredEmail } from '../../domain/mail/templates/entreprise-ownership-transferred.ts';
import { webhookDeadLetterEmail } from '../../domain/mail/templates/webhook-dead-letter.ts';
import { webhookDisabledEmail } from '../../domain/mail/templates/webhook-disabled.ts';
import { alertConfirmationEmail, jobAlertEmail } from '../../domain/alerts/alert-emails.ts';
import { vivierInvitationEmail } from '../../domain/viviers/vivier-invitation-email.ts';
import {
  NOTIFIED_STATUSES,
  candidatureDigestEmail,
  candidatureReceivedEmail,
  candidatureStatusEmail,
  newCandidatureEmail,
  type AppliedTo,
  type NewApplication,
} from '../../domain/candidatures/candidature-emails.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every leaf of a catalogue as [dotted key, kind], kind being 'text' or 'function/<arity>'. */
function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, 'text']];
  if (typeof node === 'function') return [[prefix, `function/${node.length}`]];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

/** Only what the templates read: links are built from these. */
const ctx = {
  config: { publicUrl: 'https://api.example.cm', frontendUrl: 'https://emploi.example.cm' },
} as unknown as Ctx;

/** An application as the recruiters' emails get it; the tests change what they look at. */
function newApplication(overrides: Partial<NewApplication> = {}): NewApplication {
  return {
    candidatureId: 9,
    offreId: 4,
    titre: 'Comptable',
    entrepriseNom: 'Wouri Digital',
    candidatNom: 'Aline Ngono',
    candidatEmail: 'aline@example.cm',
    candidatTelephone: null,
    lettreMotivation: null,
    hasCv: false,
    ...overrides,
  };
}

/** One of each email (and of each variant), in a language. */
function everyEmail(langue: Langue): EmailMessage[] {
  const to = 'aline@example.cm';
  const day = new Date('2027-03-12T10:00:00Z');
  const offre = (id: number) => ({
    id,
    titre: `Offre ${id}`,
    entrepriseNom: 'Wouri Digital',
    villeNom: 'Douala',
    contractType: 'CDI',
    salaireMin: 300000,
    salaireMax: id % 2 ? 450000 : null,
  });
  const addressee = { id: 7, email: to, prenom: 'Aline', langue };

  const news = newApplication({
    titre: 'Comptable confirmé',
    candidatTelephone: '+237699123456',
    lettreMotivation: '5 ans : Sage, Excel.\nDisponible.',
    hasCv: true,
  });
  const applied: AppliedTo = news;
  return [
    candidatureReceivedEmail(ctx, 'secret', addressee, applied),
    ...NOTIFIED_STATUSES.map((s) => candidatureStatusEmail(ctx, 'secret', addressee, applied, s)),
    newCandidatureEmail(ctx, 'secret', addressee, news),
    newCandidatureEmail(ctx, 'secret', addressee, {
      ...news,
      candidatNom: null,
      candidatEmail: null,
      candidatTelephone: null,
      lettreMotivation: null,
      hasCv: false,
    }),
    candidatureDigestEmail(ctx, 'secret', addressee, [news, { ...news, candidatureId: 10 }]),
    moderationDigestEmail(
      ctx,
      { id: 1, prenom: 'Aline', email: to, langue },
      {
        recruiters: Array.from({ length: 7 }, (_, i) => ({
          nom: `Paul Nkoulou ${i}`,
          nomEntreprise: 'Wouri Digital',
          createdAt: new Date('2026-11-20T09:00:00Z'),
        })),
        offres: 2,
        apps: 1,
      },
    ),
    emailValidationEmail(ctx, { to, langue, prenom: 'Aline', token: 'tok' }),
    passwordResetEmail(ctx, { to, langue, prenom: null, token: 'tok' }),
    privacyInactivityNoticeEmail(ctx, {
      to,
      langue,
      prenom: 'Aline',
      lastActivityAt: day,
      anonymiseAfter: day,
    }),
    recruteurApprovedEmail(ctx, { to, langue, prenom: 'Claire', nomEntreprise: 'Wouri Digital' }),
    recruteurRejectedEmail({ to, langue, prenom: 'Claire', reason: 'RCCM' }),
    recruteurSuspendedEmail({ to, langue, prenom: 'Claire', reason: 'RCCM' }),
    recruteurReactivatedEmail({ to, langue, prenom: 'Claire' }),
    recruteurInvitationEmail(ctx, {
      to,
      langue,
      nomEntreprise: 'Wouri Digital',
      invitedBy: 'Claire Ndongo',
      token: 'tok',
      validDays: 7,
    }),
    recruteurInvitationExistingAccountEmail({
      to,
      langue,
      nomEntreprise: 'Wouri Digital',
      invitedBy: 'Claire Ndongo',
    }),
    entrepriseOwnershipTransferredEmail({
      to,
      langue,
      prenom: 'Paul',
      nomEntreprise: 'Wouri Digital',
      previousOwner: 'Claire Ndongo',
    }),
    webhookDeadLetterEmail(ctx, {
      to,
      langue,
      url: 'https://hooks.example.cm',
      subscriptionId: 1,
      deliveryId: 2,
      eventId: 'evt_1',
      eventType: 'offre.published',
      attempts: 10,
      lastError: null,
    }),
    webhookDisabledEmail(ctx, {
      to,
      langue,
      url: 'https://hooks.example.cm',
      subscriptionId: 1,
      reason: 'GONE',
    }),
    webhookDisabledEmail(ctx, {
      to,
      langue,
      url: 'https://hooks.example.cm',
      subscriptionId: 1,
      reason: 'FAILING',
    }),
    alertConfirmationEmail(ctx, { to, langue, keywords: 'comptable', token: 'tok', validDays: 7 }),
    jobAlertEmail(ctx, { to, langue, keywords: 'comptable', unsubscribeToken: 'u', offres: [offre(1)] }),
    jobAlertEmail(ctx, {
      to,
      langue,
      keywords: 'comptable',
      unsubscribeToken: 'u',
      offres: Array.from({ length: 52 }, (_, i) => offre(i + 1)),
    }),
    ...[null, { id: 3, titre: 'Data analyst' }].map((o) =>
      vivierInvitationEmail(ctx, {
        to,
        langue,
        prenom: 'Aline',
        nomEntreprise: 'Wouri Digital',
        recruteur: 'Claire Ndongo',
        replyTo: 'claire@wouri.cm',
        message: 'Nous recrutons',
        offre: o,
        optOutToken: 'opt',
      }),
    ),
  ];
}

/** Every email with its HTML part as the outbox writes it (rendered in the shared layout when it has one). */
async function rendered(langue: Langue): Promise<(EmailMessage & { html: string })[]> {
  return Promise.all(everyEmail(langue).map(async (m) => ({ ...m, html: (await htmlOf(m)) ?? '' })));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

describe('Email catalogues (unit)', () => {
  it('every key exists in both languages, with the same kind', () => {
    const frLeaves = leaves(fr);
    expect(frLeaves.length).to.be.greaterThan(40);
    expect(leaves(en)).to.deep.equal(frLeaves);
    for (const [key, kind] of leaves(en))
      if (kind === 'text') {
        const value = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], en);
        expect(value, key).to.be.a('string').and.not.equal('');
      }
  });

  it('every email renders in both languages: English has no French and the reverse', async () => {
    const french = await rendered('fr');
    const english = await rendered('en');
    expect(english.map((m) => m.template)).to.deep.equal(french.map((m) => m.template));
    english.forEach((m, i) => {
      const f = french[i];
      for (const part of ['subject', 'text', 'html'] as const) {
        expect(m[part], `${m.template} ${part}`).to.be.a('string').and.not.equal('');
        expect(m[part], `${m.template} ${part}`).not.to.equal(f[part]);
      }
      expect(m.text, m.template).to.match(/^Hello/);
      expect(f.text, f.template).to.match(/^Bonjour/);
      expect(`${m.subject} ${m.text}`, m.template).not.to.match(/\b(vous|votre|Bonjour|Motif|lien)\b/);
      expect(`${f.subject} ${f.text}`, f.template).not.to.match(/\b(you|your|Hello|Reason|link)\b/i);
    });
  });

  it('every email shares the layout: platform name, HTML-escaped values, a footer, and the text part', async () => {
    const message = candidatureReceivedEmail(
      ctx,
      'secret',
      { id: 7, email: 'a@b.cm', prenom: '<b>Aline</b> & co', langue: 'fr' },
      { candidatureId: 9, offreId: 4, titre: 'Dev "senior" <script>', entrepriseNom: 'Wouri' },
    );
    const m = { ...message, html: (await htmlOf(message))! };
    expect(m.html).to.contain('<html lang="fr"').and.contain('Recrutement Cameroun');
    expect(m.html).to.contain('&lt;b&gt;Aline&lt;/b&gt; &amp; co').and.not.contain('<b>Aline');
    expect(m.html).to.contain('Dev &quot;senior&quot; &lt;script&gt;').and.not.contain('<script>');
    expect(m.html).to.contain('Suivre mes candidatures</a>');
    expect(m.text).to.contain('Bonjour <b>Aline</b> & co,').and.contain('Recrutement Cameroun');
    expect(m.headers!['List-Unsubscribe']).to.match(
      /^<https:\/\/api\.example\.cm\/v1\/api\/public\/notifications\/unsubscribe\?token=7\.candidatureRecue\./,
    );
    const laidOut = [...(await rendered('fr')), ...(await rendered('en'))];
    expect(laidOut.length).to.be.greaterThan(30);
    for (const email of laidOut) {
      expect(email.layout, email.template).not.to.equal(undefined);
      expect(email.html, email.template)
        .to.contain('Recrutement Cameroun')
        .and.match(/<html lang="(fr|en)"/);
      expect(email.text, email.template).to.contain('\n--\n');
    }
  });

  it('the moderation digest counts what waits, names the five oldest recruiters, and says how to stop it', () => {
    const recruiters = Array.from({ length: 7 }, (_, i) => ({
      nom: `Paul Nkoulou ${i}`,
      nomEntreprise: 'Wouri Digital',
      createdAt: new Date(Date.UTC(2026, 10, 20 + i, 9)),
    }));
    const message = moderationDigestEmail(
      ctx,
      { id: 1, prenom: 'Aline', email: 'ops@example.cm', langue: 'en' },
      { recruiters, offres: 1, apps: 0 },
    );
    expect(message.subject).to.equal('Moderation: 8 items waiting');
    expect(message.text)
      .to.contain('- 7 recruiter accounts to approve (the oldest signed up on 20 November 2026)')
      .and.contain('- 1 offer held or reported')
      .and.contain('- Paul Nkoulou 4 — Wouri Digital\n- and 2 more')
      .and.contain('moderationDigest set to false');
    expect(message.text).not.to.contain('(OAuth)');
    expect(message.text).not.to.contain('Paul Nkoulou 5');
  });

  it('French HTML parts keep « », : ; ! ? with their word (no-break spaces); text parts and English as written', async () => {
    const news = newApplication({
      titre: 'Comptable : senior',
      entrepriseNom: 'Wouri & Fils',
      lettreMotivation: 'Disponible ? Oui ! R&D ; merci',
    });
    const addressee = (langue: Langue) => ({ id: 7, email: 'r@example.cm', prenom: 'Paul', langue });
    const fr = newCandidatureEmail(ctx, 'secret', addressee('fr'), news);
    const html = (await htmlOf(fr))!;
    expect(html)
      .to.contain('votre offre «\u00a0Comptable\u00a0: senior\u00a0».')
      .and.contain('Email\u00a0: aline@example.cm')
      .and.contain('Disponible\u00a0? Oui\u00a0!')
      .and.contain('R&amp;D\u00a0; merci');
    expect(html).not.to.match(/« | »| [:;!?](\s|<)/);
    expect(fr.text).to.contain('votre offre « Comptable : senior ».');
    const en = (await htmlOf(newCandidatureEmail(ctx, 'secret', addressee('en'), news)))!;
    expect(en).to.contain('Disponible ? Oui !');
  });

  it('anything but English is French', () => {
    expect(mailText('en')).to.equal(en);
    for (const other of ['fr', 'de', '', null, undefined]) expect(mailText(other)).to.equal(fr);
    expect(fr.common.date(new Date('2027-03-12T10:00:00Z'))).to.equal('12 mars 2027');
    expect(en.common.date(new Date('2027-03-12T10:00:00Z'))).to.equal('12 March 2027');
  });

  it('no email sentence is written outside the catalogues', () => {
    const emailCode = [
      ...sources(path.join(ROOT, 'domain/mail/templates')),
      path.join(ROOT, 'domain/alerts/alert-emails.ts'),
      path.join(ROOT, 'domain/viviers/vivier-invitation-email.ts'),
      path.join(ROOT, 'domain/candidatures/candidature-emails.ts'),
      path.join(ROOT, 'domain/mail/layout.ts'),
    ];
    for (const file of emailCode) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.to.match(/Bonjour|Hello|\b(vous|votre|your)\b/);
    }
  });
});
