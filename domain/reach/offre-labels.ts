/**
 * The words the feeds and the JSON-LD write around an offer's own texts, in French and English:
 * field labels, contract types, the salary unit, dates. The offer's texts (title, description,
 * skills) stay as the recruiter typed them.
 */
import type { Langue } from '../../models/account.ts';
import type { ContractType } from '../../models/offre.ts';

export interface ReachTexts {
  contract: Record<ContractType, string>;
  /** "Département : " in French, "Department: " in English: labels end with their colon and space. */
  label: {
    company: string;
    city: string;
    contract: string;
    salary: string;
    deadline: string;
    department: string;
    experience: string;
    skills: string;
  };
  remote: string;
  /** Said of a company whose verification holds (domain/trust). */
  verifiedEmployer: string;
  perMonth: string;
  /** The country, for applicants of a remote offer (JSON-LD applicantLocationRequirements). */
  country: string;
  feedTitle: string;
  feedDescription: string;
  longDate: Intl.DateTimeFormat;
}

// Deadlines are calendar dates: formatted at midnight UTC in UTC, so no time zone can shift the day.
const longDate = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });

const TEXTS: Record<Langue, ReachTexts> = {
  fr: {
    contract: { CDI: 'CDI', CDD: 'CDD', FREELANCE: 'Freelance', STAGE: 'Stage' },
    label: {
      company: 'Entreprise : ',
      city: 'Ville : ',
      contract: 'Contrat : ',
      salary: 'Salaire : ',
      deadline: 'Date limite : ',
      department: 'Département : ',
      experience: 'Profil recherché : ',
      skills: 'Compétences :',
    },
    remote: 'Télétravail possible',
    verifiedEmployer: 'Employeur vérifié',
    perMonth: 'par mois',
    country: 'Cameroun',
    feedTitle: 'Offres d’emploi — Recrutement Cameroun',
    feedDescription: 'Les offres d’emploi publiées, les plus récentes d’abord',
    longDate: longDate('fr-FR'),
  },
  en: {
    contract: {
      CDI: 'Permanent contract',
      CDD: 'Fixed-term contract',
      FREELANCE: 'Freelance',
      STAGE: 'Internship',
    },
    label: {
      company: 'Company: ',
      city: 'City: ',
      contract: 'Contract: ',
      salary: 'Salary: ',
      deadline: 'Apply by: ',
      department: 'Department: ',
      experience: 'Experience: ',
      skills: 'Skills:',
    },
    remote: 'Remote work possible',
    verifiedEmployer: 'Verified employer',
    perMonth: 'per month',
    country: 'Cameroon',
    feedTitle: 'Job offers — Recrutement Cameroon',
    feedDescription: 'Published job offers, newest first',
    longDate: longDate('en-GB'),
  },
};

export function reachTexts(lang: Langue): ReachTexts {
  return TEXTS[lang];
}

/** "30 juin 2099" / "30 June 2099" for a YYYY-MM-DD date. */
export function longDateOf(date: string, lang: Langue): string {
  return TEXTS[lang].longDate.format(new Date(`${date}T00:00:00Z`));
}

/** "300000 - 450000 XAF par mois" when both bounds are known, one bound alone otherwise, '' without salary. */
export function salaryText(min: number | null, max: number | null, lang: Langue = 'fr'): string {
  const unit = `XAF ${TEXTS[lang].perMonth}`;
  if (min !== null && max !== null) return `${min} - ${max} ${unit}`;
  if (min !== null) return `${min} ${unit}`;
  if (max !== null) return `${max} ${unit}`;
  return '';
}
