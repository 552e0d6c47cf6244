/**
 * What an offer's description says, before it is written as HTML (JSON-LD, RSS) or as plain text
 * (the aggregators' feed): the recruiter's paragraphs, then the department and the experience
 * sought, then the skills as a list. One list of parts, so every rendering says the same things.
 */
import type { Langue } from '../../models/account.ts';
import type { OffreView } from '../offres/index.ts';
import { reachTexts } from './offre-labels.ts';

export type DescriptionPart =
  /** A paragraph of the recruiter's text, as its lines. */
  | { kind: 'paragraph'; lines: string[] }
  /** "Département : Finance": a label of ours, a value the recruiter typed. */
  | { kind: 'labelled'; label: string; value: string }
  | { kind: 'list'; label: string; items: string[] };

export function offreDescriptionParts(o: OffreView, lang: Langue): DescriptionPart[] {
  const label = reachTexts(lang).label;
  const parts: DescriptionPart[] = (o.description ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ kind: 'paragraph', lines: p.split('\n') }));
  if (o.departement) parts.push({ kind: 'labelled', label: label.department, value: o.departement });
  if (o.experience) parts.push({ kind: 'labelled', label: label.experience, value: o.experience });
  if (o.competences.length) parts.push({ kind: 'list', label: label.skills, items: o.competences });
  return parts.length ? parts : [{ kind: 'paragraph', lines: [o.titre] }];
}
