/**
 * The job-alert emails (confirmation, digest) and the pool invitation in the shared layout: the
 * platform's name on top, a button for the main action whose link is the text part's, offers as
 * cards, a footer saying why the email comes and how to stop it, every user value escaped, in
 * French and English. The HTML is read with parse5, as a mail client would.
 */
import { expect } from 'chai';
import type { Ctx } from '../../domain/context.ts';
import { htmlOf, type EmailMessage } from '../../domain/mail/enqueue-email.ts';
import { mailText } from '../../domain/mail/catalogue/mail-text.ts';
import {
  DIGEST_MAX_LISTED,
  alertConfirmationEmail,
  jobAlertEmail,
  unsubscribeApiUrl,
  type DigestOffre,
} from '../../domain/alerts/alert-emails.ts';
import { vivierInvitationEmail } from '../../domain/viviers/vivier-invitation-email.ts';
import { readEmailHtml, textLink } from '../helpers/email-html.ts';

const ctx = { config: { publicUrl: 'https://api.example.cm', frontendUrl: null } } as unknown as Ctx;
const PLATFORM = mailText('fr').layout.platform;
const HOSTILE = '<script>alert(1)</script>';

const offre = (id: number, over: Partial<DigestOffre> = {}): DigestOffre => ({
  id,
  titre: `Offre ${id}`,
  entrepriseNom: 'Wouri Digital',
  villeNom: 'Douala',
  contractType: 'CDI',
  salaireMin: null,
  salaireMax: null,
  ...over,
});

const digest = (langue: 'fr' | 'en', offres: DigestOffre[]) =>
  jobAlertEmail(ctx, { to: 'a@example.cm', langue, keywords: 'comptable', unsubscribeToken: 'u/1+', offres });

const invitation = (langue: 'fr' | 'en', over: Partial<Parameters<typeof vivierInvitationEmail>[1]> = {}) =>
  vivierInvitationEmail(ctx, {
    to: 'a@example.cm',
    langue,
    prenom: 'Aline',
    nomEntreprise: 'Élodie & Cie',
    recruteur: 'Claire Ndongo',
    replyTo: 'claire@example.cm',
    message: 'Nous recrutons',
    offre: null,
    optOutToken: 'opt/1',
    ...over,
  });

async function read(message: EmailMessage) {
  const html = await htmlOf(message);
  expect(html, message.template).to.be.a('string');
  return { html: html!, doc: readEmailHtml(html!) };
}

/** The layout's frame: the document's language, the platform's name first, the footer last. */
function expectLayout(doc: ReturnType<typeof readEmailHtml>, langue: 'fr' | 'en', lastFooterText: string) {
  expect(doc.lang).to.equal(langue);
  expect(doc.bodyText.startsWith(`${PLATFORM} `)).to.equal(true);
  expect(doc.bodyText.endsWith(lastFooterText)).to.equal(true);
}

describe('Job-alert and pool-invitation emails in the shared layout (unit)', function () {
  // The first email of a process compiles the MJML layout: seconds on a loaded machine.
  this.timeout(120_000);

  for (const langue of ['fr', 'en'] as const) {
    it(`the alert confirmation (${langue}): its button is the text part's confirmation link; the footer says why`, async () => {
      const c = mailText(langue);
      const m = alertConfirmationEmail(ctx, {
        to: 'a@example.cm',
        langue,
        keywords: HOSTILE,
        token: 'tok/1',
        validDays: 7,
      });
      const { doc } = await read(m);
      expectLayout(doc, langue, c.alertConfirmation.stop);
      const url = textLink(m.text, c.alertConfirmation.action);
      expect(url).to.match(/[?&]token=tok%2F1$/);
      expect(doc.buttons).to.deep.equal([{ href: url, label: c.alertConfirmation.action }]);
      expect(doc.bodyText)
        .to.contain(c.alertConfirmation.requested(HOSTILE))
        .and.contain(c.alertConfirmation.why(PLATFORM));
      expect(doc.count('script')).to.equal(0);
      expect(m.text).to.contain(c.alertConfirmation.why(PLATFORM)).and.contain('\n--\n');
    });

    it(`the digest (${langue}): one card per offer linking to it, user text escaped, the unsubscribe link in the footer`, async () => {
      const c = mailText(langue);
      const offres = [
        offre(1, { titre: HOSTILE, entrepriseNom: 'Élodie & Cie', salaireMin: 300000, salaireMax: 450000 }),
        offre(2, { villeNom: null, contractType: 'CDD' }),
      ];
      const m = digest(langue, offres);
      const { doc } = await read(m);
      expectLayout(doc, langue, c.jobAlert.unsubscribeAction);
      expect(doc.count('script')).to.equal(0);
      expect(doc.bodyText).to.contain(`${HOSTILE} Élodie & Cie Douala · CDI · `);
      expect(doc.bodyText).to.match(
        langue === 'fr' ? /300\s000 à 450\s000 FCFA par mois/ : /FCFA 300,000 to 450,000 a month/,
      );
      expect(doc.bodyText).to.contain(`Offre 2 Wouri Digital CDD ${c.common.viewOffre}`);
      for (const o of offres) {
        const links = doc.links.filter((l) => l.label === o.titre || l.href.includes(`/emplois/${o.id}-`));
        expect(links.map((l) => l.label)).to.deep.equal([o.titre, c.common.viewOffre]);
        const [href] = new Set(links.map((l) => l.href));
        // The offer's public page: /emplois/{id}-{slug of its title}.
        expect(href).to.match(new RegExp(`^https://api\\.example\\.cm/emplois/${o.id}-[a-z0-9-]+$`));
        expect(m.text).to.match(
          new RegExp(`^- ${escapeRegExp(o.titre)}\\n(  .+\\n)+  ${escapeRegExp(href)}$`, 'm'),
        );
      }
      // Each offer is a link, not a button: the email has no main action of its own.
      expect(doc.buttons).to.deep.equal([]);
      const stop = doc.links.find((l) => l.label === c.jobAlert.unsubscribeAction);
      expect(stop?.href).to.match(/[?&]token=u%2F1%2B$/);
      expect(textLink(m.text, c.jobAlert.unsubscribeAction)).to.equal(stop?.href);
      expect(doc.bodyText).to.contain(c.jobAlert.why('comptable', PLATFORM));
      expect(m.headers).to.deep.equal({
        'List-Unsubscribe': `<${unsubscribeApiUrl(ctx, 'u/1+')}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    });

    it(`the pool invitation (${langue}): the recruiter's words kept, the offer as a card, the answer as the button, the opt-out in the footer`, async () => {
      const c = mailText(langue);
      const message = `Ligne un\nLigne deux <img src=x onerror=alert(1)>\n\n${HOSTILE} & Cie`;
      const m = invitation(langue, { message, offre: { id: 3, titre: HOSTILE } });
      const { html, doc } = await read(m);
      expectLayout(doc, langue, c.vivierInvitation.stop);
      expect(doc.count('script')).to.equal(0);
      expect(doc.count('img')).to.equal(0);
      expect(html).to.contain('Ligne un<br />Ligne deux &lt;img src=x onerror=alert(1)&gt;</p>');
      expect(doc.bodyText)
        .to.contain(`${HOSTILE} & Cie`)
        .and.contain(`${c.vivierInvitation.offre} ${HOSTILE} Élodie & Cie ${c.common.viewOffre}`)
        .and.contain('Claire Ndongo, Élodie & Cie')
        .and.contain(c.vivierInvitation.consent('Élodie & Cie'))
        .and.contain(c.vivierInvitation.why('Élodie & Cie'));
      const answer = textLink(m.text, c.vivierInvitation.answer);
      expect(answer).to.equal('https://api.example.cm/v1/api/candidats/me/pool-invitations');
      expect(doc.buttons).to.deep.equal([{ href: answer, label: c.vivierInvitation.answer }]);
      const offerLinks = doc.links.filter((l) => l.href.includes('/emplois/3-'));
      expect(offerLinks.map((l) => l.label)).to.deep.equal([HOSTILE, c.common.viewOffre]);
      const optOut = doc.links.find((l) => l.label === c.vivierInvitation.stop)?.href;
      expect(optOut).to.equal('https://api.example.cm/v1/api/public/pool-invitations/opt-out?token=opt%2F1');
      expect(textLink(m.text, c.vivierInvitation.stop)).to.equal(optOut);
      expect(m.headers).to.deep.equal({
        'Reply-To': 'claire@example.cm',
        'List-Unsubscribe': `<${optOut}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(m.text).to.contain(`${c.common.greeting('Aline')}\n\nLigne un\nLigne deux <img`);
    });
  }

  it('a digest lists at most DIGEST_MAX_LISTED offers and counts the rest', async () => {
    const c = mailText('fr');
    const m = digest(
      'fr',
      Array.from({ length: DIGEST_MAX_LISTED + 2 }, (_, i) => offre(i + 1)),
    );
    const { doc } = await read(m);
    expect(doc.links.filter((l) => l.label === c.common.viewOffre)).to.have.length(DIGEST_MAX_LISTED);
    expect(doc.bodyText).to.contain(c.jobAlert.more(2));
    expect(m.text).to.contain(c.jobAlert.more(2));
    expect(m.text.match(/^- Offre /gm)).to.have.length(DIGEST_MAX_LISTED);
  });

  it('a salary shows whichever bounds the offer has', () => {
    const fr = mailText('fr').jobAlert;
    const en = mailText('en').jobAlert;
    expect(fr.salary(null, null)).to.equal(null);
    expect(fr.salary(250000, null)).to.match(/^à partir de 250\s000 FCFA par mois$/);
    expect(fr.salary(null, 400000)).to.match(/^jusqu’à 400\s000 FCFA par mois$/);
    expect(fr.salary(300000, 300000)).to.match(/^300\s000 FCFA par mois$/);
    expect(en.salary(250000, null)).to.equal('from FCFA 250,000 a month');
    expect(en.salary(null, 400000)).to.equal('up to FCFA 400,000 a month');
  });

  it('a pool invitation without an offer has no card, and its subject names the company', async () => {
    const c = mailText('en');
    const m = invitation('en');
    const { doc } = await read(m);
    expect(m.subject).to.equal(c.vivierInvitation.subject('Élodie & Cie'));
    expect(doc.links.map((l) => l.label)).to.deep.equal([c.vivierInvitation.answer, c.vivierInvitation.stop]);
    expect(doc.bodyText).not.to.contain(c.vivierInvitation.offre);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
