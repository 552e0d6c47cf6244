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

import { RE2JS } from 're2js';
import { bilingual, type Wording } from '../errors.ts';

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

/** A compiled pattern: does it match somewhere in a sentence? */
export interface TextPattern {
  test(text: string): boolean;
}

export interface CompiledScamRule {
  def: ScamRuleDef;
  pattern: TextPattern;
  except: TextPattern | null;
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

/**
 * A PHRASE pattern as a regular expression: its normalised words, whole, any spacing between them.
 * The word edges are matched characters, not lookarounds (the linear engine has no lookahead): the
 * same answer for a test anywhere in a sentence.
 */
function phraseRegex(phrase: string): string {
  const words = normalizeText(phrase).trim().split(/\s+/).filter(Boolean).map(escapeRegex);
  return `(?:^|[^\\p{L}\\p{N}])${words.join('\\s+')}(?:[^\\p{L}\\p{N}]|$)`;
}

export class InvalidScamPatternError extends Error {
  constructor(
    readonly field: 'pattern' | 'exceptPattern',
    /** Why, in each language (the message is the English). */
    readonly wording: Wording,
    /** What was wrong, as `error.fields` codes it. */
    readonly code: 'maxLength' | 'blank' | 'regex' = 'regex',
  ) {
    super(wording('en'));
  }
}

/** Maximum length of a pattern: long enough for an alternation of stems, short enough to review. */
export const MAX_PATTERN_LENGTH = 2000;

const LINEAR_SYNTAX = bilingual(
  'les règles tournent sur un moteur en temps linéaire (RE2) : lookahead (?= (?!, lookbehind avec captures et références arrière n’y sont pas pris en charge',
  'rules run on a linear-time engine (RE2): lookahead (?= (?!, lookbehind with captures and backreferences are not supported',
);

/**
 * A pattern on RE2's linear-time engine (re2js): an administrator's pattern runs on every offer
 * published, and on JavaScript's backtracking engine one such as `(a+)+$` could hold the process
 * for minutes on one sentence. RE2 answers in time linear in the sentence, whatever the pattern.
 */
function linear(source: string): TextPattern {
  let compiled = compiledPatterns.get(source);
  if (!compiled) {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source), RE2JS.CASE_INSENSITIVE);
    if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.clear();
    compiledPatterns.set(source, compiled);
  }
  return compiled;
}

/**
 * Compiled patterns by source, kept by the process: rules are read at each publish but change
 * rarely, and compiling the shipped ones on RE2 takes tens of milliseconds (V8's engine took a
 * fraction of one); a kept pattern also keeps the automaton states its matches built.
 */
const compiledPatterns = new Map<string, TextPattern>();
const MAX_COMPILED_PATTERNS = 1000;

function compileOne(kind: ScamRuleKind, source: string, field: 'pattern' | 'exceptPattern'): TextPattern {
  if (source.length > MAX_PATTERN_LENGTH)
    throw new InvalidScamPatternError(
      field,
      bilingual(
        `${field} : ${MAX_PATTERN_LENGTH} caractères au plus`,
        `${field}: at most ${MAX_PATTERN_LENGTH} characters`,
      ),
      'maxLength',
    );
  if (kind === 'PHRASE' && normalizeText(source).trim() === '')
    throw new InvalidScamPatternError(
      field,
      bilingual(`${field} : la phrase est vide`, `${field}: the phrase is empty`),
      'blank',
    );
  const regex = kind === 'PHRASE' ? phraseRegex(source) : source;
  try {
    return linear(regex);
  } catch (err) {
    // The engine's own message stays as it said it.
    const said = (err as Error).message;
    throw new InvalidScamPatternError(field, (lang) =>
      lang === 'fr'
        ? `${field} : expression régulière invalide (${said} ; ${LINEAR_SYNTAX('fr')})`
        : `${field}: not a valid regular expression (${said}; ${LINEAR_SYNTAX('en')})`,
    );
  }
}

/** Compiles one rule on the linear-time engine; throws InvalidScamPatternError naming the bad field. */
export function compileScamRule(def: ScamRuleDef): CompiledScamRule {
  return {
    def,
    pattern: compileOne(def.kind, def.pattern, 'pattern'),
    // An exception is always a regular expression: it lists negations and contexts.
    except: def.exceptPattern ? compileOne('REGEX', def.exceptPattern, 'exceptPattern') : null,
  };
}

/**
 * A rule stored before rules ran on the linear-time engine, with a syntax it lacks (a lookahead):
 * it runs on JavaScript's engine as it did, rather than being dropped. The admin routes accept no
 * new pattern of that kind, and the seeds move the shipped rules no one changed to their new text.
 */
function compileStored(def: ScamRuleDef): CompiledScamRule {
  try {
    return compileScamRule(def);
  } catch (err) {
    if (!(err instanceof InvalidScamPatternError)) throw err;
    const legacy = (source: string) => new RegExp(source, 'iu');
    return {
      def,
      pattern: def.kind === 'PHRASE' ? linear(phraseRegex(def.pattern)) : legacy(def.pattern),
      except: def.exceptPattern ? legacy(def.exceptPattern) : null,
    };
  }
}

/** The enabled rules, compiled; a rule that compiles on neither engine is skipped (the admin routes refuse them). */
export function compileScamRules(defs: ScamRuleDef[]): CompiledScamRule[] {
  return defs.flatMap((def) => {
    if (!def.enabled) return [];
    try {
      return [compileStored(def)];
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
