/**
 * Realistic companies and job offers for the benches: companies spread over the sectors and the
 * main cities (`OTHER_CITIES`), offers drawn from the demo vocabulary (`JOBS`: titles, departments,
 * skills) with French filler text, varied contracts, salaries and publication dates. Bulk-inserted in batches of 2,000, then the
 * tables are analysed. Every draw comes from the seeded generator passed in, so a given seed and
 * options always build the same data.
 */
import type { Knex } from '../../lib/db.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { JOBS, OTHER_CITIES, type SecteurKey } from '../../seeds/demo.ts';
import type { SeededRandom } from './random.ts';

/** The words company names are made of: `<prefix> <place> <number>`. */
export interface EntrepriseNameWords {
  prefixes: readonly string[];
  places: readonly string[];
}

export const ENTREPRISE_NAME_WORDS: EntrepriseNameWords = {
  prefixes: ['Groupe', 'Société', 'Établissements', 'Cabinet', 'Compagnie'],
  places: ['Wouri', 'Sanaga', 'Nyong', 'Bénoué', 'Mungo', 'Lobé', 'Dja', 'Mbam', 'Noun', 'Logone'],
};

/** Filler words of descriptions (a job ad's usual sentences). */
export const FILLER_WORDS: readonly string[] = (
  'vous rejoindrez une équipe dynamique au sein de notre entreprise leader sur son marché au Cameroun et en Afrique centrale ' +
  'les missions principales comprennent la planification le suivi des activités la rédaction des rapports et la coordination avec les partenaires ' +
  'nous offrons un salaire motivant une assurance maladie des primes de performance et des formations régulières ' +
  'profil recherché rigueur autonomie sens du service esprit d’équipe maîtrise du français et de l’anglais appréciée'
).split(' ');

const SENIORITY = ['', '', '', 'Junior', 'Senior', 'Responsable', 'Assistant', 'Chef d’équipe', 'Stagiaire'];
const BATCH = 2_000;

/** Password of the generated recruiters. */
export const BENCH_PASSWORD = 'Bench12345!';

export interface GenerateOptions {
  /** The seeded generator every draw comes from (the caller may go on drawing from it). */
  random: SeededRandom;
  /** Offers to insert, spread evenly over the companies. */
  offers: number;
  /** Companies to create. */
  companies: number;
  /** Share of PUBLISHED offers; the others are DRAFT or ARCHIVED, half and half. */
  publishedShare: number;
  /** Words of the company names (default COMPANY_NAME_WORDS). */
  companyNames?: EntrepriseNameWords;
  /** Filler words of the descriptions (default FILLER_WORDS). */
  filler?: readonly string[];
  /** Filler words in each company's description; no description when absent. */
  companyDescriptionWords?: number;
  /**
   * One verified, active OWNER recruiter per company (`recruteur<i>@bench.recrutement.cm`,
   * password BENCH_PASSWORD), who posts its offers; none when false.
   */
  recruiters?: boolean;
  /** Called after each batch of offers: offers inserted so far, batch number from 0. */
  onBatch?: (inserted: number, batch: number) => void;
}

export interface GeneratedEntreprise {
  id: number;
  secteur: SecteurKey;
  /** The company's recruiter, null without `recruiters`. */
  recruteurId: number | null;
}

/**
 * Inserts the companies (with their recruiters) and the offers into a migrated database seeded
 * with the reference data and the geography (see migrateAndSeed), then runs ANALYZE TABLE.
 */
export async function generateEntreprisesAndOffers(
  knex: Knex,
  opts: GenerateOptions,
): Promise<{ companies: GeneratedEntreprise[] }> {
  const { rand, pick } = opts.random;
  const names = opts.companyNames ?? ENTREPRISE_NAME_WORDS;
  const filler = opts.filler ?? FILLER_WORDS;
  const sentence = (words: number) => Array.from({ length: words }, () => pick(filler)).join(' ');

  const secteurs = (await knex('secteursActivite').select('id')) as { id: number }[];
  const villes = (await knex('villes').whereIn('slug', OTHER_CITIES).select('id', 'nom')) as {
    id: number;
    nom: string;
  }[];
  const sectorKeys = Object.keys(JOBS) as SecteurKey[];
  const passwordHash = opts.recruiters ? await hashPassword(BENCH_PASSWORD) : null;
  const entreprises: GeneratedEntreprise[] = [];
  for (let i = 0; i < opts.companies; i++) {
    const secteur = pick(sectorKeys);
    const [id] = await knex('entreprises').insert({
      nomEntreprise: `${pick(names.prefixes)} ${pick(names.places)} ${i}`,
      secteurActiviteId: pick(secteurs).id,
      plan: 'ENTREPRISE',
      adresseVilleId: pick(villes).id,
      ...(opts.companyDescriptionWords ? { description: sentence(opts.companyDescriptionWords) } : {}),
    });
    let recruteurId: number | null = null;
    if (passwordHash) {
      [recruteurId] = await knex('accounts').insert({
        email: `recruteur${i}@bench.recrutement.cm`,
        passwordHash,
        role: 'RECRUTEUR',
        emailVerifiedAt: new Date(),
      });
      await knex('recruiters').insert({
        id: recruteurId,
        entrepriseId: id,
        nom: 'Bench',
        prenom: `R${i}`,
        status: 'ACTIVE',
        companyRole: 'OWNER',
      });
    }
    entreprises.push({ id, secteur, recruteurId });
  }

  const now = Date.now();
  for (let done = 0, batch = 0; done < opts.offers; done += BATCH, batch++) {
    const rows = Array.from({ length: Math.min(BATCH, opts.offers - done) }, () => {
      const entreprise = pick(entreprises);
      const job = pick(JOBS[entreprise.secteur]);
      const ville = pick(villes);
      const competences = job.competences.filter(() => rand() < 0.7);
      const base = pick([80_000, 150_000, 250_000, 400_000, 700_000, 1_200_000]);
      const status = rand() < opts.publishedShare ? 'PUBLISHED' : pick(['DRAFT', 'ARCHIVED']);
      return {
        entrepriseId: entreprise.id,
        recruteurId: entreprise.recruteurId,
        titre: `${pick(SENIORITY)} ${job.titre}`.trim(),
        departement: job.departement,
        localisation: ville.nom,
        villeId: ville.id,
        contractType: pick(['CDI', 'CDI', 'CDD', 'FREELANCE', 'STAGE']),
        description: `Nous recherchons un(e) ${job.titre.toLowerCase()} à ${ville.nom}. ${sentence(40)}. Compétences : ${competences.join(', ')}. ${sentence(30)}.`,
        experience: pick(['Débutant accepté', '2 ans', '3 à 5 ans', '5 ans et plus']),
        competences: JSON.stringify(competences),
        competencesText: competences.join(' '),
        salaireMin: base,
        salaireMax: Math.round(base * (1.2 + rand())),
        remotePossible: rand() < 0.15,
        status,
        publishedAt: status === 'DRAFT' ? null : new Date(now - Math.floor(rand() * 60 * 86_400_000)),
      };
    });
    await knex('offres').insert(rows);
    opts.onBatch?.(done + rows.length, batch);
  }
  await knex.raw('ANALYZE TABLE offres, entreprises');
  return { companies: entreprises };
}
