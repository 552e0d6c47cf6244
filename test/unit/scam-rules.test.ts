import { expect } from 'chai';
import { DEFAULT_SCAM_RULES } from '../../domain/trust/default-scam-rules.ts';
import {
  compileScamRule,
  compileScamRules,
  InvalidScamPatternError,
  matchScamRules,
  normalizeText,
  reasonsOf,
  sentencesOf,
} from '../../domain/trust/scam-matcher.ts';

const rules = compileScamRules(DEFAULT_SCAM_RULES.map((r) => ({ ...r, enabled: true, version: 1 })));
const reasons = (text: string) => reasonsOf(matchScamRules(text, rules));
const codes = (text: string) => matchScamRules(text, rules).map((h) => h.ruleCode);

describe('scam rules (pure matcher)', () => {
  it('normalises accents, case, apostrophes and non-breaking spaces', () => {
    expect(normalizeText('FRAIS de Visite MÉDICALE – l’Entreprise\u00a05\u202f000')).to.equal(
      "frais de visite medicale - l'entreprise 5 000",
    );
    expect(sentencesOf(normalizeText('Prix : 5.000 FCFA. Appelez le 6.77.88.99.00 !\nMerci'))).to.deep.equal([
      'prix : 5.000 fcfa',
      'appelez le 6.77.88.99.00',
      'merci',
    ]);
  });

  describe('must match', () => {
    const cases: [string, string][] = [
      ['Frais de dossier : 5 000 FCFA à envoyer par MoMo au 677 88 99 00', 'FEE_REQUEST'],
      ['FRAIS DE DOSSIER : 5 000 FCFA', 'FEE_REQUEST'],
      ['Les frais d’inscription s’élèvent à 10 000 F', 'FEE_REQUEST'],
      ['Prévoir les frais de visite médicale (15 000 FCFA)', 'FEE_REQUEST'],
      ['Frais de formation obligatoires avant la prise de poste', 'FEE_REQUEST'],
      ['Chaque candidat retenu doit payer sa tenue de travail', 'FEE_REQUEST'],
      ['Frais d’uniforme à la charge du candidat : 7 500 FCFA', 'FEE_REQUEST'],
      ['A registration fee of 10,000 FCFA is required', 'FEE_REQUEST'],
      ['Shortlisted candidates will pay a medical examination fee', 'FEE_REQUEST'],
      ['Verser 25 000 FCFA pour valider votre candidature', 'PAYMENT_AMOUNT'],
      ['Déposez 3000 frs au bureau avant l’entretien', 'PAYMENT_AMOUNT'],
      ['Send 5000 XAF to confirm your interview slot', 'PAYMENT_AMOUNT'],
      ['Une somme de 20 000 FCFA non remboursable est exigée', 'PAYMENT_AMOUNT'],
      ['Contactez-nous par OM : 699 12 34 56', 'MOBILE_MONEY'],
      ['Orange Money au +237 6 99 12 34 56', 'MOBILE_MONEY'],
      ['MoMo: 677889900 (Paul)', 'MOBILE_MONEY'],
      ['Envoyez la somme par Mobile Money puis appelez-nous', 'MOBILE_MONEY'],
      ['Contact uniquement par WhatsApp au 690 00 00 00', 'WHATSAPP_ONLY'],
      ['WhatsApp only: +237 677 00 00 00', 'WHATSAPP_ONLY'],
      ['Pas d’appels, écrire sur WhatsApp', 'WHATSAPP_ONLY'],
    ];
    for (const [text, reason] of cases)
      it(`${reason}: ${text}`, () => {
        expect(reasons(text)).to.include(reason);
      });
  });

  describe('must not match', () => {
    const cases = [
      'Salaire de 150 000 FCFA',
      'salaire : 150.000 FCFA par mois, payé le 30',
      'Vous serez payé 5 000 FCFA par jour de mission',
      'Rémunération : 250 000 à 400 000 FCFA net mensuel',
      'Aucun frais de dossier ne vous sera demandé',
      'Les frais de formation sont à la charge de l’entreprise',
      'Formation gratuite, visite médicale prise en charge',
      'Frais de transport et de logement pris en charge',
      'No application fee is required at any stage',
      'We never ask candidates for fees',
      'Gestion des dépôts et retraits Orange Money et MTN MoMo en agence',
      'Développeur back-end : intégration des API de paiement par Mobile Money',
      'Envoyez votre CV et lettre de motivation à recrutement@exemple.cm',
      'Postulez sur notre site ou par WhatsApp',
      'Chiffre d’affaires de 50 000 000 FCFA à atteindre',
      'Vous effectuerez les paiements fournisseurs et les virements bancaires',
      'Budget de 2 000 000 FCFA à gérer',
      'Commercial terrain : prime de 20 000 FCFA sur objectifs',
      'Poste basé à Douala, 6 mois renouvelables, disponible immédiatement',
    ];
    for (const text of cases)
      it(text, () => {
        expect(codes(text)).to.deep.equal([]);
      });
  });

  it('gives one hit per rule, with its reason, version and sentence', () => {
    const hits = matchScamRules(
      'Poste de caissier.\nFrais de dossier : 5 000 FCFA à envoyer par MoMo au 677 88 99 00.',
      rules,
    );
    expect(hits.map((h) => h.ruleCode)).to.include.members([
      'FEE_FR',
      'AMOUNT_PAY_VERB',
      'MOBILE_MONEY_NUMBER',
    ]);
    const fee = hits.find((h) => h.ruleCode === 'FEE_FR')!;
    expect(fee).to.include({ reasonCode: 'FEE_REQUEST', version: 1 });
    expect(fee.excerpt).to.match(/^frais de dossier : 5 000 fcfa/);
  });

  it('skips disabled rules and refuses invalid patterns', () => {
    const disabled = compileScamRules([{ ...DEFAULT_SCAM_RULES[0], enabled: false, version: 2 }]);
    expect(disabled).to.have.length(0);
    expect(() =>
      compileScamRule({ ...DEFAULT_SCAM_RULES[0], pattern: '(unclosed', enabled: true, version: 1 }),
    ).to.throw(InvalidScamPatternError);
  });

  it('compiles every shipped rule on the linear-time engine', () => {
    for (const r of DEFAULT_SCAM_RULES)
      expect(() => compileScamRule({ ...r, enabled: true, version: 1 }), r.code).not.to.throw();
  });

  it('runs a catastrophic pattern in linear time: (a+)+$ on a long run of a', () => {
    // On JavaScript's backtracking engine this test takes about 2^60 steps and never ends.
    const rule = compileScamRule({
      ...DEFAULT_SCAM_RULES[0],
      pattern: '(a+)+$',
      exceptPattern: '(x|x)*y',
      enabled: true,
      version: 1,
    });
    expect(matchScamRules(`${'a'.repeat(60)}b`, [rule])).to.deep.equal([]);
    expect(matchScamRules('a'.repeat(5000), [rule])).to.have.length(1);
  });

  it('refuses a lookahead, naming the linear-time engine, but still runs one stored before', () => {
    const def = {
      ...DEFAULT_SCAM_RULES[0],
      pattern: String.raw`\bfrais(?!\s+offerts)`,
      enabled: true,
      version: 3,
    };
    expect(() => compileScamRule(def))
      .to.throw(InvalidScamPatternError)
      .with.property('message')
      .that.matches(/^pattern: not a valid regular expression \(.*linear-time engine \(RE2\)/);
    const stored = compileScamRules([{ ...def, exceptPattern: null }]);
    expect(matchScamRules('Frais de dossier', stored)).to.have.length(1);
    expect(matchScamRules('Frais offerts', stored)).to.have.length(0);
  });

  it('matches a pattern written in capitals or with JavaScript escapes', () => {
    const rule = compileScamRule({
      ...DEFAULT_SCAM_RULES[0],
      pattern: String.raw`FRAIS\s+[\u201c"]?DOSSIER`,
      exceptPattern: null,
      enabled: true,
      version: 1,
    });
    expect(matchScamRules('Frais “dossier” : 5 000 FCFA', [rule])).to.have.length(1);
  });

  it('matches PHRASE rules as whole words, accent- and case-insensitively', () => {
    const phrase = compileScamRules([
      {
        code: 'P',
        kind: 'PHRASE',
        pattern: 'Caution de Réservation',
        exceptPattern: null,
        languages: ['fr'],
        reasonCode: 'FEE_REQUEST',
        enabled: true,
        version: 1,
      },
    ]);
    expect(matchScamRules('Une CAUTION DE  RESERVATION est due', phrase)).to.have.length(1);
    expect(matchScamRules('Une caution de reservations', phrase)).to.have.length(0);
    expect(matchScamRules('Caution de réservation', phrase)).to.have.length(1);
    expect(matchScamRules('Sa précaution de réservation', phrase)).to.have.length(0);
  });
});
