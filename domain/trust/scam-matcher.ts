/**
 * The pure part of the scam rules: text normalisation, rule compilation and matching. No database:
 * the unit tests, the bench and the publish use cases share it.
 *
 * A text is matched sentence by sentence, after normalisation (accents removed, lower case, typographic
 * apostrophes and non-breaking spaces made plain), so a rule is written once for "Frais", "frais" and
 * "FRAIS", "médicale" and "medicale". A rule hits a sentence when its pattern matches it and its
 * exception (when it has one) does not: "aucun frais de dossier" and "les frais de formation sont à
 * la charge de l'entreprise" stay quiet, "frais de dossier : 5 000 FCFA" does not.
 */

export type ScamRuleKind = 'REGEX' | 'PHRASE';

export interface ScamRuleDef {
  code: string;
  kind: ScamRuleKind;
  pattern: string;
  exceptPattern: string | null;
  languages: string[];
  reasonCode: string;
  enabled: boolean;
  version: number;
}

export interface CompiledScamRule {
  def: ScamRuleDef;
  pattern: RegExp;
  except: RegExp | null;
}

/** One hit: which rule, why, and the sentence (normalised, shortened) that made it. */
export interface ScamHit {
  ruleCode: string;
  reasonCode: string;
  version: number;
  excerpt: string;
}

/** Texts longer than this are cut: an offer's fields fit (the description is at most 20,000). */
const MAX_TEXT = 25_000;

export function normalizeText(text: string): string {
  return text
    .slice(0, MAX_TEXT)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u00a0\u202f\u2007\u2009\t]/g, ' ')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/ {2,}/g, ' ');
}

/**
 * Sentences: cut at line ends and at . ! ? ; followed by a space or the end, so "5.000 FCFA" and a
 * phone number written "6.77.88.99.00" stay whole.
 */
export function sentencesOf(normalized: string): string[] {
  return normalized
    .split(/\n+|[.!?;]+(?=\s|$)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A PHRASE pattern as a regular expression: its normalised words, whole, any spacing between them. */
function phraseRegex(phrase: string): string {
  const words = normalizeText(phrase).trim().split(/\s+/).filter(Boolean).map(escapeRegex);
  return `(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`;
}

export class InvalidScamPatternError extends Error {
  constructor(
    readonly field: 'pattern' | 'exceptPattern',
    message: string,
  ) {
    super(message);
  }
}

/** Maximum length of a pattern: long enough for an alternation of stems, short enough to review. */
export const MAX_PATTERN_LENGTH = 2000;

function compileOne(kind: ScamRuleKind, source: string, field: 'pattern' | 'exceptPattern'): RegExp {
  if (source.length > MAX_PATTERN_LENGTH)
    throw new InvalidScamPatternError(field, `${field}: at most ${MAX_PATTERN_LENGTH} characters`);
  const regex = kind === 'PHRASE' ? phraseRegex(source) : source;
  if (kind === 'PHRASE' && normalizeText(source).trim() === '')
    throw new InvalidScamPatternError(field, `${field}: the phrase is empty`);
  try {
    return new RegExp(regex, 'iu');
  } catch (err) {
    throw new InvalidScamPatternError(
      field,
      `${field}: not a valid regular expression (${(err as Error).message})`,
    );
  }
}

/** Compiles one rule; throws InvalidScamPatternError naming the bad field. */
export function compileScamRule(def: ScamRuleDef): CompiledScamRule {
  return {
    def,
    pattern: compileOne(def.kind, def.pattern, 'pattern'),
    // An exception is always a regular expression: it lists negations and contexts.
    except: def.exceptPattern ? compileOne('REGEX', def.exceptPattern, 'exceptPattern') : null,
  };
}

/** The enabled rules, compiled; a rule that does not compile is skipped (the admin routes refuse them). */
export function compileScamRules(defs: ScamRuleDef[]): CompiledScamRule[] {
  return defs.flatMap((def) => {
    if (!def.enabled) return [];
    try {
      return [compileScamRule(def)];
    } catch {
      return [];
    }
  });
}

const EXCERPT_MAX = 160;

/** Every rule hit in the text, one per rule (its first sentence), in the rules' order. */
export function matchScamRules(text: string, rules: CompiledScamRule[]): ScamHit[] {
  if (!text.trim() || !rules.length) return [];
  const sentences = sentencesOf(normalizeText(text));
  const hits: ScamHit[] = [];
  for (const rule of rules) {
    const sentence = sentences.find((s) => rule.pattern.test(s) && !(rule.except && rule.except.test(s)));
    if (sentence !== undefined)
      hits.push({
        ruleCode: rule.def.code,
        reasonCode: rule.def.reasonCode,
        version: rule.def.version,
        excerpt: sentence.length > EXCERPT_MAX ? `${sentence.slice(0, EXCERPT_MAX - 1)}…` : sentence,
      });
  }
  return hits;
}

/** The distinct reason codes of some hits, in order of first appearance. */
export function reasonsOf(hits: ScamHit[]): string[] {
  return [...new Set(hits.map((h) => h.reasonCode))];
}
