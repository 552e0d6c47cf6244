/**
 * The rules shipped with the platform (seeds/scam-rules.ts inserts those whose code is missing, and
 * never overwrites what an administrator changed). Patterns read normalised text (scam-matcher.ts):
 * lower case, without accents. Each is measured on the labelled set of bench/scam-rules/.
 *
 * Reason codes: FEE_REQUEST (a fee for the file, registration, training, medical visit, uniform...),
 * PAYMENT_AMOUNT (an amount in FCFA/XAF with a verb of paying or sending), MOBILE_MONEY (mobile-money
 * wording next to a phone number, or money to send through it), WHATSAPP_ONLY (contact only on WhatsApp).
 */
import type { ScamRuleDef } from './scam-matcher.ts';

const FEE_OBJECTS_FR = String.raw`(?:dossiers?|inscriptions?|formations?|visites?\s+medicales?|examens?\s+medica(?:l|ux)|uniformes?|tenues?|candidatures?|constitution|traitement|depot|enregistrement|participation|tests?|selection|badges?|stages?|ouverture\s+de\s+dossier|recrutement|assurance|carte\s+professionnelle)`;

/** Negations and employer-paid wording: a sentence that says no fee is asked. */
const NO_FEE_FR_EN = String.raw`\b(?:aucuns?|pas\s+de|sans|jamais|gratuit(?:e|s|es|ement)?|a\s+la\s+charge\s+de\s+(?:l'|la\s+)?(?:employeur|entreprise|societe|structure|organisation)|pris(?:e|es)?\s+en\s+charge|offert(?:e|s|es)?|ne\s+(?:vous\s+)?(?:demand|exig|reclam|factur)\w*|n'(?:exig|est\s+exig|est\s+demand)\w*|no|without|never|free\s+of\s+charge|waived|covered\s+by|paid\s+by\s+the\s+(?:company|employer)|(?:does|do|will)\s+not\s+(?:charge|ask|require|request))\b`;

const AMOUNT_UNIT = String.raw`(?:f\s?cfa|fcfa|cfa|xaf|frs?|francs?(?:\s+cfa)?|f)\b`;

const AMOUNT = String.raw`\d{1,3}(?:[ .,]?\d{3})*\s*${AMOUNT_UNIT}`;

/** Wording of pay: an earning, not a payment asked. */
const EARNING = String.raw`\b(?:salaires?|salarial|remunerat\w*|remunere\w*|salary|salaries|wages?|net|brut|gross|par\s+mois|mensuel\w*|monthly|per\s+month|a\s+month|par\s+jour|journalier|per\s+day|daily|par\s+semaine|weekly|primes?|bonus|indemnites?|allowances?|commissions?|chiffre\s+d'affaires|budget|capital|(?:serez|sera|seront|etes)\s+payes?|will\s+be\s+paid|gagne\w*|earn\w*|loyer|caisse)\b|/\s?mois`;

const PHONE = String.raw`(?:\+?\s?237[\s.-]*)?6(?:[\s.-]?\d){8}(?:\D|$)`;

const MOBILE_MONEY = String.raw`(?:momo|mtn\s+(?:mobile\s+)?money|mobile\s+money|orange\s+money|om|express\s+union(?:\s+mobile)?|eu\s+mobile|wari)`;

type ShippedRule = Omit<ScamRuleDef, 'version' | 'enabled'>;
const rule = (code: string, def: Omit<ShippedRule, 'code'>): ShippedRule => ({ code, ...def });

export const DEFAULT_SCAM_RULES: ShippedRule[] = [
  rule('FEE_FR', {
    kind: 'REGEX',
    pattern: String.raw`\b(?:frais|droits?|cout|paiement|cotisation|contribution)\s+(?:d'|de\s+(?:la\s+|l')?|des\s+|du\s+|pour\s+(?:la\s+|le\s+|l')?)?${FEE_OBJECTS_FR}\b`,
    exceptPattern: NO_FEE_FR_EN,
    languages: ['fr'],
    reasonCode: 'FEE_REQUEST',
  }),
  rule('FEE_FR_PAY_OBJECT', {
    kind: 'REGEX',
    pattern: String.raw`\b(?:payer|regler|verser|s'acquitter\s+d[eu']s?)\s+(?:la\s+|le\s+|les\s+|votre\s+|vos\s+|sa\s+|son\s+|ses\s+|l')?(?:visite\s+medicale|formation|inscription|tenue|uniforme|dossier|badge|assurance)\b`,
    exceptPattern: NO_FEE_FR_EN,
    languages: ['fr'],
    reasonCode: 'FEE_REQUEST',
  }),
  rule('FEE_EN', {
    kind: 'REGEX',
    pattern: String.raw`\b(?:(?:application|registration|processing|training|medical(?:\s+(?:check(?:-?up)?|exam(?:ination)?|test|visit))?|uniform|enrol(?:l)?ment|screening|interview|form|file|recruitment|placement|facilitation)["'\u201c\u201d]?\s+(?:fees?|charges?)|fees?\s+(?:of\s+\d[\d ,.]*\s*\w*\s+)?for\s+(?:the\s+|your\s+)?(?:application|registration|training|medical|uniform|file|processing|recruitment))\b`,
    exceptPattern: NO_FEE_FR_EN,
    languages: ['en'],
    reasonCode: 'FEE_REQUEST',
  }),
  rule('AMOUNT_PAY_VERB', {
    kind: 'REGEX',
    pattern: String.raw`\b(?:pay(?:er|ez|e|ant|ement|able)?|vers(?:er|ez|ement)|envo\w*|depos(?:er|ez)|depot\s+de|regl(?:er|ez)|transfer(?:er|ez|t)?|cotis(?:er|ez|ation)|debours\w*|acquitt\w*|moyennant|contribution|(?:vous\s+|lui\s+|leur\s+)?(?:demand|exig|reclam)\w*|send|deposit|remit|fee\s+of|fees\s+of)\b[^\n]{0,60}?${AMOUNT}|${AMOUNT}[^\n]{0,40}?\b(?:a\s+(?:payer|verser|envoyer|deposer|regler)|payables?|non\s+remboursables?|to\s+(?:be\s+)?(?:pay|paid|sen[dt])|non-?refundable)\b`,
    exceptPattern: EARNING,
    languages: ['fr', 'en'],
    reasonCode: 'PAYMENT_AMOUNT',
  }),
  rule('MOBILE_MONEY_NUMBER', {
    kind: 'REGEX',
    pattern: String.raw`\b${MOBILE_MONEY}\b[^\n]{0,30}?${PHONE}`,
    exceptPattern: String.raw`\b(?:retraits?|withdrawals?|kiosques?|points?\s+de\s+vente|agents?\s+${MOBILE_MONEY}|service\s+client|customer\s+service)\b`,
    languages: ['fr', 'en'],
    reasonCode: 'MOBILE_MONEY',
  }),
  rule('MOBILE_MONEY_SEND', {
    kind: 'REGEX',
    pattern: String.raw`\b(?:envo(?:yer|yez|i)|transf[ea]r\w*|pay\w*|vers(?:er|ez|ement)|depos(?:er|ez)|regl(?:er|ez)|send|sent|remit)\b[^\n]{0,50}?\b(?:par|via|sur|au\s+numero|by|through|on|using)\s+(?:un\s+|le\s+)?${MOBILE_MONEY}\b`,
    exceptPattern: String.raw`\b(?:retraits?|withdrawals?|kiosques?|points?\s+de\s+vente|clients?|customers?|marchands?|merchants?|developpe\w*|develop\w*|integr\w*|api)\b`,
    languages: ['fr', 'en'],
    reasonCode: 'MOBILE_MONEY',
  }),
  rule('MONEY_FOR_JOB', {
    kind: 'REGEX',
    pattern: String.raw`\b(?:moyennant|contre|en\s+echange\s+d[e'])\s*(?:de\s+l'|d'|une\s+somme\s+d')?argent\b|\b(?:exig|demand|reclam|extor)\w*\s+(?:de\s+|des\s+)?(?:fortes?|grosses?|importantes?)\s+sommes\b|\b(?:\d[\d .,]*\s*(?:millions?|${AMOUNT_UNIT}))\s+pour\s+(?:ce|le|la|l'|un|une|votre|sa|son)\s*(?:poste|place|emploi|recrutement)\b|\bpay\s+(?:for\s+)?(?:the|a|your)\s+(?:position|job|post|place)\b|\bpayer\s+(?:pour\s+)?(?:le\s+poste|la\s+place|l'emploi|son\s+poste)\b`,
    exceptPattern: NO_FEE_FR_EN,
    languages: ['fr', 'en'],
    reasonCode: 'FEE_REQUEST',
  }),
  rule('WHATSAPP_ONLY', {
    kind: 'REGEX',
    pattern: String.raw`\b(?:uniquement|seulement|exclusivement|only)\b[^\n]{0,25}?\bwhats\s?app\b|\bwhats\s?app\b[^\n]{0,15}?\b(?:uniquement|seulement|exclusivement|only)\b|\b(?:pas\s+d'appels?|aucun\s+appel|no\s+calls?)\b[^\n]{0,40}?\bwhats\s?app\b`,
    exceptPattern: null,
    languages: ['fr', 'en'],
    reasonCode: 'WHATSAPP_ONLY',
  }),
];
