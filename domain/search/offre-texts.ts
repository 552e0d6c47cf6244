/**
 * The text of each field the index searches, as one function so the index and anything that must
 * agree with it (the alert matcher, a brute-force check) read an offer alike: the title; the
 * skills, followed by its company's sector; and the description followed by where the job is, the
 * contract, and "télétravail" when it can be done remotely. Candidates type "comptable Douala",
 * "chauffeur CDI", "banque", "agriculture", "freelance" or "télétravail": the place and the
 * contract are words of the offer at the description's weight, so they count without outranking
 * the title. The sector weighs as a skill: the employer's field says more than a word of a
 * description, so `assurance` lists the insurers' and the banks' offers before those whose
 * benefits include an "assurance maladie".
 */
import type { ContractType } from '../../models/offre.ts';

/** The word a candidate types for each contract type. */
const CONTRACT_WORDS: Record<ContractType, string> = {
  CDI: 'CDI',
  CDD: 'CDD',
  FREELANCE: 'freelance',
  STAGE: 'stage',
};

export interface SearchedOffre {
  titre: string;
  competences: string[];
  description: string;
  contractType?: ContractType;
  remotePossible?: boolean;
  /** The offer's own place, as its recruiter wrote it. */
  localisation?: string | null;
  /** The name of its city (villeId). */
  villeNom?: string | null;
  /** The name of its company's sector ("Banque, assurance et microfinance"). */
  secteurNom?: string | null;
}

/** Title, skills with the sector, and description with the place and contract: the fields in weight order. */
export function searchedTexts(offre: SearchedOffre): [string, string, string] {
  const where = [offre.localisation, offre.villeNom].filter(Boolean).join(' \n ');
  const contract = offre.contractType ? CONTRACT_WORDS[offre.contractType] : '';
  // The starter synonyms read "remote" as this word.
  const remote = offre.remotePossible ? 'télétravail' : '';
  return [
    offre.titre,
    [...offre.competences, ...(offre.secteurNom ? [offre.secteurNom] : [])].join(' \n '),
    [offre.description, where, contract, remote].filter(Boolean).join(' \n '),
  ];
}
