/**
 * `recrutement db seed --demo`: a believable data set for demos and manual testing.
 *
 * - 24 companies across sectors and cities (fictional, Cameroonian-sounding names), each on the
 *   smallest plan that allows its published offers, with 1 or 2 ACTIVE recruiters (the first is OWNER);
 * - 220 offers, mostly PUBLISHED, some DRAFT and ARCHIVED, over the companies' cities and others;
 * - 60 candidates with profiles (every third one taking the weekly digest), about 500 applications in every status (with status history and
 *   a few recruiter notes), saved jobs, and the offers' counters recomputed from the applications;
 * - accounts `recruteur1@demo.recrutement.cm` (owner of the marker company), `candidat1@...`,
 *   `admin@demo.recrutement.cm`, all with the password DEMO_PASSWORD (hashed once).
 *
 * Idempotent: nothing is done when the marker company exists. Deterministic: a seeded random
 * generator, so two fresh databases get the same data (dates are relative to today).
 */
import type { Knex } from 'knex';
import { hashPassword } from '../lib/passwords.ts';
import { PUBLISHED_OFFRES_QUOTA } from '../domain/offre-lifecycle/index.ts';
import type { Plan } from '../models/entreprise.ts';
import type { CandidatureStatus } from '../models/candidature.ts';
import type { ContractType, OffreStatus } from '../models/offre.ts';

export const DEMO_PASSWORD = 'Demo12345!';
export const DEMO_MARKER_ENTREPRISE = 'Wouri Digital Solutions';
export const DEMO_EMAIL_DOMAIN = 'demo.recrutement.cm';

const DAY = 86_400_000;

/** mulberry32: a small seeded generator, so the data set is the same on every fresh database. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, sample };
}

export type SecteurKey =
  | 'agri'
  | 'banque'
  | 'btp'
  | 'commerce'
  | 'education'
  | 'energie'
  | 'sante'
  | 'it'
  | 'transport'
  | 'industrie'
  | 'hotel'
  | 'ong'
  | 'medias'
  | 'conseil';

export const SECTEUR_NOMS: Record<SecteurKey, string> = {
  agri: 'Agriculture et agro-industrie',
  banque: 'Banque, assurance et microfinance',
  btp: 'BTP et immobilier',
  commerce: 'Commerce et distribution',
  education: 'Éducation et formation',
  energie: 'Énergie, mines et pétrole',
  sante: 'Santé et pharmacie',
  it: 'Technologies de l’information',
  transport: 'Transport et logistique',
  industrie: 'Industrie et manufacture',
  hotel: 'Hôtellerie, tourisme et restauration',
  ong: 'Administration et ONG',
  medias: 'Médias et communication',
  conseil: 'Conseil et services aux entreprises',
};

const ENTREPRISES: {
  nom: string;
  secteur: SecteurKey;
  ville: string;
  quartier: string;
  annee: number;
  taille: string;
  description: string;
}[] = [
  {
    nom: DEMO_MARKER_ENTREPRISE,
    secteur: 'it',
    ville: 'douala',
    quartier: 'Bonapriso',
    annee: 2014,
    taille: '50-200',
    description: 'Éditeur de logiciels de gestion et de paiement mobile pour les PME d’Afrique centrale.',
  },
  {
    nom: 'Sanaga Agro-Industries',
    secteur: 'agri',
    ville: 'edea',
    quartier: 'Centre',
    annee: 1998,
    taille: '500+',
    description: 'Huile de palme, savonnerie et transformation de produits agricoles le long de la Sanaga.',
  },
  {
    nom: 'Brasseries du Mungo',
    secteur: 'industrie',
    ville: 'nkongsamba',
    quartier: 'Quartier 3',
    annee: 1987,
    taille: '200-500',
    description: 'Brasserie régionale : bières, boissons gazeuses et eaux minérales.',
  },
  {
    nom: 'Mont Fébé Assurances',
    secteur: 'banque',
    ville: 'yaounde',
    quartier: 'Bastos',
    annee: 2003,
    taille: '200-500',
    description: 'Assurance IARD, santé et vie pour les particuliers et les entreprises.',
  },
  {
    nom: 'Crédit Communautaire du Noun',
    secteur: 'banque',
    ville: 'foumban',
    quartier: 'Njissé',
    annee: 2009,
    taille: '50-200',
    description: 'Établissement de microfinance au service des artisans et commerçants de l’Ouest.',
  },
  {
    nom: 'Kribi Port Services',
    secteur: 'transport',
    ville: 'kribi',
    quartier: 'Mboa Manga',
    annee: 2016,
    taille: '200-500',
    description: 'Manutention, transit et services portuaires au port en eau profonde de Kribi.',
  },
  {
    nom: 'Bénoué Énergie',
    secteur: 'energie',
    ville: 'garoua',
    quartier: 'Roumdé Adjia',
    annee: 2011,
    taille: '50-200',
    description: 'Production et distribution d’électricité solaire et hydraulique dans le Septentrion.',
  },
  {
    nom: 'Clinique Les Palmiers de Bonanjo',
    secteur: 'sante',
    ville: 'douala',
    quartier: 'Bonanjo',
    annee: 2005,
    taille: '50-200',
    description: 'Clinique pluridisciplinaire : maternité, chirurgie, imagerie et laboratoire.',
  },
  {
    nom: 'Pharmacie Centrale du Mfoundi',
    secteur: 'sante',
    ville: 'yaounde',
    quartier: 'Mvog-Mbi',
    annee: 1995,
    taille: '10-50',
    description: 'Grossiste-répartiteur de médicaments pour les officines du Centre et du Sud.',
  },
  {
    nom: 'Collège Bilingue du Fako',
    secteur: 'education',
    ville: 'buea',
    quartier: 'Molyko',
    annee: 2001,
    taille: '50-200',
    description: 'Établissement bilingue du primaire au lycée, sections anglophone et francophone.',
  },
  {
    nom: 'Manengouba Construction',
    secteur: 'btp',
    ville: 'kumba',
    quartier: 'Fiango',
    annee: 2008,
    taille: '200-500',
    description: 'Routes, ouvrages d’art et bâtiments publics dans le Sud-Ouest et le Littoral.',
  },
  {
    nom: 'Hôtel Les Chutes de la Lobé',
    secteur: 'hotel',
    ville: 'kribi',
    quartier: 'Lobé',
    annee: 2012,
    taille: '50-200',
    description: 'Hôtel balnéaire, restaurant et centre de séminaires face à l’océan.',
  },
  {
    nom: 'Sahel Logistique Express',
    secteur: 'transport',
    ville: 'maroua',
    quartier: 'Domayo',
    annee: 2010,
    taille: '50-200',
    description: 'Transport routier de marchandises entre Douala, Ngaoundéré, Garoua et N’Djamena.',
  },
  {
    nom: 'Laiterie de l’Adamaoua',
    secteur: 'agri',
    ville: 'ngaoundere',
    quartier: 'Dang',
    annee: 2013,
    taille: '50-200',
    description: 'Collecte de lait auprès des éleveurs et fabrication de yaourts et fromages.',
  },
  {
    nom: 'Menoua Café Export',
    secteur: 'agri',
    ville: 'dschang',
    quartier: 'Foto',
    annee: 2000,
    taille: '10-50',
    description: 'Achat, traitement et export de café arabica des hautes terres de l’Ouest.',
  },
  {
    nom: 'Limbe Offshore Services',
    secteur: 'energie',
    ville: 'limbe',
    quartier: 'Down Beach',
    annee: 2007,
    taille: '200-500',
    description: 'Services aux plateformes pétrolières : maintenance, inspection et logistique.',
  },
  {
    nom: 'Radio Voix du Wouri',
    secteur: 'medias',
    ville: 'douala',
    quartier: 'Akwa',
    annee: 2002,
    taille: '10-50',
    description: 'Radio FM, web TV et régie publicitaire pour le Littoral.',
  },
  {
    nom: 'Cabinet Ndengue & Associés',
    secteur: 'conseil',
    ville: 'yaounde',
    quartier: 'Nlongkak',
    annee: 1999,
    taille: '10-50',
    description: 'Audit, expertise comptable, conseil fiscal et juridique.',
  },
  {
    nom: 'Bafoussam Distribution',
    secteur: 'commerce',
    ville: 'bafoussam',
    quartier: 'Marché A',
    annee: 2006,
    taille: '200-500',
    description: 'Supermarchés et commerce de gros de produits de grande consommation.',
  },
  {
    nom: 'Nyong Solar Tech',
    secteur: 'energie',
    ville: 'mbalmayo',
    quartier: 'Oyack',
    annee: 2019,
    taille: '10-50',
    description: 'Kits solaires domestiques et mini-réseaux pour les zones rurales.',
  },
  {
    nom: 'Est Forêt Bois',
    secteur: 'industrie',
    ville: 'bertoua',
    quartier: 'Tigaza',
    annee: 1996,
    taille: '200-500',
    description: 'Exploitation forestière certifiée, scierie et menuiserie industrielle.',
  },
  {
    nom: 'Bamenda Highlands Tea',
    secteur: 'agri',
    ville: 'bamenda',
    quartier: 'Nkwen',
    annee: 2004,
    taille: '200-500',
    description: 'Plantations de thé et unité de conditionnement dans le Nord-Ouest.',
  },
  {
    nom: 'Mboa Pay',
    secteur: 'it',
    ville: 'yaounde',
    quartier: 'Essos',
    annee: 2018,
    taille: '50-200',
    description: 'Fintech : portefeuille mobile, paiement marchand et transferts d’argent.',
  },
  {
    nom: 'ONG Santé Pour Tous Cameroun',
    secteur: 'ong',
    ville: 'maroua',
    quartier: 'Kakataré',
    annee: 2010,
    taille: '50-200',
    description: 'Santé communautaire, nutrition et accès à l’eau dans l’Extrême-Nord.',
  },
];

export const JOBS: Record<SecteurKey, { titre: string; departement: string; competences: string[] }[]> = {
  agri: [
    {
      titre: 'Ingénieur agronome',
      departement: 'Production',
      competences: ['Agronomie', 'Cultures pérennes', 'Encadrement'],
    },
    {
      titre: 'Chef de plantation',
      departement: 'Plantations',
      competences: ['Management', 'Palmier à huile', 'Planification'],
    },
    {
      titre: 'Technicien vétérinaire',
      departement: 'Élevage',
      competences: ['Santé animale', 'Vaccination', 'Fulfulde'],
    },
    {
      titre: 'Responsable achats café',
      departement: 'Achats',
      competences: ['Négociation', 'Qualité café', 'Logistique'],
    },
    {
      titre: 'Opérateur de transformation',
      departement: 'Usine',
      competences: ['Hygiène', 'HACCP', 'Conditionnement'],
    },
  ],
  it: [
    {
      titre: 'Développeur backend Node.js',
      departement: 'Ingénierie',
      competences: ['Node.js', 'TypeScript', 'MySQL', 'API REST'],
    },
    {
      titre: 'Développeur mobile Flutter',
      departement: 'Ingénierie',
      competences: ['Flutter', 'Dart', 'Firebase'],
    },
    {
      titre: 'Administrateur systèmes et réseaux',
      departement: 'IT',
      competences: ['Linux', 'Réseaux', 'Cisco', 'Sécurité'],
    },
    {
      titre: 'Chef de projet digital',
      departement: 'Produit',
      competences: ['Scrum', 'Jira', 'Gestion de projet'],
    },
    { titre: 'Data analyst', departement: 'Data', competences: ['SQL', 'Python', 'Power BI', 'Excel'] },
    { titre: 'Technicien support IT', departement: 'Support', competences: ['IT', 'Windows', 'Helpdesk'] },
  ],
  banque: [
    {
      titre: 'Chargé de clientèle particuliers',
      departement: 'Commercial',
      competences: ['Relation client', 'Vente', 'Crédit'],
    },
    {
      titre: 'Analyste crédit PME',
      departement: 'Risques',
      competences: ['Analyse financière', 'Excel', 'OHADA'],
    },
    {
      titre: 'Agent de recouvrement',
      departement: 'Recouvrement',
      competences: ['Négociation', 'Relation client'],
    },
    { titre: 'Comptable', departement: 'Finance', competences: ['Comptabilité', 'SYSCOHADA', 'Sage'] },
    {
      titre: 'Gestionnaire sinistres',
      departement: 'Indemnisation',
      competences: ['Assurance IARD', 'Expertise', 'Relation client'],
    },
    {
      titre: 'Guichetier de banque',
      departement: 'Agences',
      competences: ['Opérations de caisse', 'Mobile money', 'Relation client'],
    },
  ],
  btp: [
    {
      titre: 'Ingénieur génie civil',
      departement: 'Travaux',
      competences: ['AutoCAD', 'Béton armé', 'Suivi de chantier'],
    },
    {
      titre: 'Conducteur de travaux',
      departement: 'Travaux',
      competences: ['Planification', 'Management', 'Sécurité chantier'],
    },
    { titre: 'Topographe', departement: 'Études', competences: ['Topographie', 'GPS', 'AutoCAD'] },
    {
      titre: 'Chef de chantier routes',
      departement: 'Travaux',
      competences: ['Terrassement', 'Bitume', 'Encadrement'],
    },
  ],
  commerce: [
    {
      titre: 'Chef de rayon',
      departement: 'Magasin',
      competences: ['Merchandising', 'Gestion des stocks', 'Management'],
    },
    {
      titre: 'Commercial terrain',
      departement: 'Ventes',
      competences: ['Prospection', 'Négociation', 'Permis B'],
    },
    {
      titre: 'Caissier principal',
      departement: 'Magasin',
      competences: ['Caisse', 'Rigueur', 'Relation client'],
    },
    {
      titre: 'Responsable logistique entrepôt',
      departement: 'Logistique',
      competences: ['Gestion des stocks', 'WMS', 'Management'],
    },
    {
      titre: 'Vendeuse en boutique',
      departement: 'Magasin',
      competences: ['Vente', 'Accueil client', 'Encaissement'],
    },
    {
      titre: 'Chargée de marketing',
      departement: 'Marketing',
      competences: ['Marketing digital', 'Études de marché', 'Réseaux sociaux'],
    },
  ],
  education: [
    {
      titre: 'Enseignant de mathématiques',
      departement: 'Pédagogie',
      competences: ['Mathématiques', 'Pédagogie', 'Bilingue'],
    },
    { titre: 'English language teacher', departement: 'Pédagogie', competences: ['English', 'Pédagogie'] },
    { titre: 'Surveillant général', departement: 'Vie scolaire', competences: ['Discipline', 'Encadrement'] },
    {
      titre: 'Responsable administratif et financier',
      departement: 'Administration',
      competences: ['Comptabilité', 'RH', 'Excel'],
    },
  ],
  energie: [
    {
      titre: 'Technicien électricien',
      departement: 'Maintenance',
      competences: ['Électricité', 'Habilitation électrique', 'Dépannage'],
    },
    {
      titre: 'Ingénieur solaire photovoltaïque',
      departement: 'Projets',
      competences: ['Photovoltaïque', 'Dimensionnement', 'PVsyst'],
    },
    { titre: 'Inspecteur HSE', departement: 'HSE', competences: ['HSE', 'ISO 45001', 'Audit'] },
    {
      titre: 'Mécanicien industriel',
      departement: 'Maintenance',
      competences: ['Mécanique', 'Hydraulique', 'Soudure'],
    },
  ],
  sante: [
    {
      titre: 'Infirmier diplômé d’État',
      departement: 'Soins',
      competences: ['Soins infirmiers', 'Urgences', 'Garde'],
    },
    { titre: 'Sage-femme', departement: 'Maternité', competences: ['Obstétrique', 'Suivi prénatal'] },
    {
      titre: 'Pharmacien assistant',
      departement: 'Officine',
      competences: ['Pharmacie', 'Gestion des stocks', 'Conseil'],
    },
    {
      titre: 'Technicien de laboratoire',
      departement: 'Laboratoire',
      competences: ['Biologie médicale', 'Hématologie', 'Qualité'],
    },
    {
      titre: 'Délégué médical',
      departement: 'Commercial',
      competences: ['Visite médicale', 'Vente', 'Permis B'],
    },
  ],
  transport: [
    {
      titre: 'Chauffeur poids lourd',
      departement: 'Exploitation',
      competences: ['Permis C', 'Permis E', 'Mécanique de base'],
    },
    {
      titre: 'Déclarant en douane',
      departement: 'Transit',
      competences: ['Dédouanement', 'SYDONIA', 'Incoterms'],
    },
    {
      titre: 'Agent d’exploitation portuaire',
      departement: 'Exploitation',
      competences: ['Manutention', 'Sécurité', 'Anglais'],
    },
    {
      titre: 'Responsable flotte',
      departement: 'Exploitation',
      competences: ['Gestion de flotte', 'GPS', 'Maintenance'],
    },
  ],
  industrie: [
    { titre: 'Responsable production', departement: 'Usine', competences: ['Lean', 'Management', 'Qualité'] },
    {
      titre: 'Technicien de maintenance',
      departement: 'Maintenance',
      competences: ['Électromécanique', 'Automatisme', 'GMAO'],
    },
    { titre: 'Contrôleur qualité', departement: 'Qualité', competences: ['ISO 9001', 'HACCP', 'Analyses'] },
    {
      titre: 'Opérateur de scierie',
      departement: 'Usine',
      competences: ['Sciage', 'Sécurité', 'Travail en équipe'],
    },
    {
      titre: 'Agent de sécurité',
      departement: 'Sûreté',
      competences: ['Surveillance', 'Contrôle d’accès', 'Rondes'],
    },
  ],
  hotel: [
    {
      titre: 'Réceptionniste bilingue',
      departement: 'Hébergement',
      competences: ['Accueil', 'English', 'Opera PMS'],
    },
    {
      titre: 'Chef cuisinier',
      departement: 'Restauration',
      competences: ['Cuisine camerounaise', 'Cuisine internationale', 'Hygiène'],
    },
    {
      titre: 'Gouvernante générale',
      departement: 'Hébergement',
      competences: ['Management', 'Hygiène', 'Organisation'],
    },
    {
      titre: 'Serveur polyvalent',
      departement: 'Restauration',
      competences: ['Service en salle', 'Accueil'],
    },
  ],
  ong: [
    {
      titre: 'Coordinateur de projet santé',
      departement: 'Programmes',
      competences: ['Gestion de projet', 'Santé publique', 'Suivi-évaluation'],
    },
    {
      titre: 'Chargé de suivi-évaluation',
      departement: 'Programmes',
      competences: ['Suivi-évaluation', 'KoboToolbox', 'Excel'],
    },
    {
      titre: 'Animateur communautaire',
      departement: 'Terrain',
      competences: ['Fulfulde', 'Sensibilisation', 'Animation'],
    },
    {
      titre: 'Chargé RH et administration',
      departement: 'Support',
      competences: ['RH', 'Paie', 'Droit du travail'],
    },
  ],
  medias: [
    {
      titre: 'Journaliste reporter',
      departement: 'Rédaction',
      competences: ['Rédaction', 'Reportage', 'Montage'],
    },
    {
      titre: 'Community manager',
      departement: 'Digital',
      competences: ['Réseaux sociaux', 'Canva', 'Rédaction web'],
    },
    {
      titre: 'Technicien son',
      departement: 'Production',
      competences: ['Prise de son', 'Mixage', 'Audacity'],
    },
  ],
  conseil: [
    { titre: 'Auditeur junior', departement: 'Audit', competences: ['Audit', 'SYSCOHADA', 'Excel'] },
    {
      titre: 'Juriste d’affaires',
      departement: 'Juridique',
      competences: ['Droit OHADA', 'Contrats', 'Fiscalité'],
    },
    { titre: 'Consultant RH', departement: 'Conseil RH', competences: ['RH', 'Recrutement', 'Formation'] },
    {
      titre: 'Secrétaire de direction',
      departement: 'Direction',
      competences: ['Gestion d’agenda', 'Word', 'Excel', 'Accueil'],
    },
    {
      titre: 'Assistant comptable',
      departement: 'Comptabilité',
      competences: ['Comptabilité', 'Sage', 'Déclarations fiscales'],
    },
  ],
};

export const OTHER_CITIES = [
  'douala',
  'yaounde',
  'bafoussam',
  'garoua',
  'bamenda',
  'ngaoundere',
  'maroua',
  'kribi',
  'limbe',
  'buea',
  'bertoua',
  'ebolowa',
  'edea',
];
const NOMS = [
  'Mbarga',
  'Fotso',
  'Nkoulou',
  'Tchoupo',
  'Ngono',
  'Kamga',
  'Essomba',
  'Abena',
  'Tchana',
  'Ndjock',
  'Owona',
  'Ayissi',
  'Mballa',
  'Fouda',
  'Ndongo',
  'Atangana',
  'Manga',
  'Ebode',
  'Simo',
  'Djoumessi',
  'Kenfack',
  'Tagne',
  'Moukoko',
  'Ekwalla',
  'Epée',
  'Ngwa',
  'Tabi',
  'Achu',
  'Ndifor',
  'Bello',
  'Hamadou',
  'Oumarou',
  'Abdoulaye',
  'Nana',
  'Tchinda',
  'Eyenga',
];
const PRENOMS = [
  'Aline',
  'Paul',
  'Marie',
  'Jean',
  'Brice',
  'Christelle',
  'Hervé',
  'Sandrine',
  'Arnaud',
  'Nadège',
  'Serge',
  'Yannick',
  'Carine',
  'Rodrigue',
  'Estelle',
  'Boris',
  'Larissa',
  'Franck',
  'Gaëlle',
  'Steve',
  'Aïcha',
  'Moussa',
  'Fadimatou',
  'Ibrahim',
  'Pascaline',
  'Emmanuel',
  'Bih',
  'Nkeng',
  'Clarisse',
  'Junior',
];
const POSTES = ['Responsable RH', 'Directeur général', 'Chargée de recrutement', 'DRH', 'Office manager'];
const CONTRACTS: ContractType[] = ['CDI', 'CDI', 'CDI', 'CDD', 'CDD', 'FREELANCE', 'STAGE'];
const EXPERIENCES = ['Débutant accepté', '1 à 2 ans', '2 ans minimum', '3 à 5 ans', '5 ans et plus'];
const AVAILABILITY = ['IMMEDIATE', 'UN_MOIS', 'TROIS_MOIS'];
const EMPLOYMENT = ['EN_POSTE', 'EN_RECHERCHE', 'ETUDIANT'];
const QUALIFICATION = ['BAC', 'BTS', 'LICENCE', 'MASTER', 'DOCTORAT'];
const SALARY = [
  '100 000 - 250 000 FCFA',
  '250 000 - 500 000 FCFA',
  '500 000 - 1 000 000 FCFA',
  'Plus de 1 000 000 FCFA',
];
/** Where applications end up, roughly: most are new or being read, few hired. */
const STATUS_WEIGHTS: [CandidatureStatus, number][] = [
  ['NEW', 38],
  ['IN_PROGRESS', 20],
  ['TO_MEET', 10],
  ['MET', 8],
  ['HIRED', 4],
  ['REJECTED', 20],
];
const PIPELINE: CandidatureStatus[] = ['NEW', 'IN_PROGRESS', 'TO_MEET', 'MET', 'HIRED'];

function planFor(published: number): Plan {
  const plans: Plan[] = ['GRATUIT', 'ESSENTIEL', 'PRO', 'ENTREPRISE'];
  return plans.find((p) => published <= PUBLISHED_OFFRES_QUOTA[p]) ?? 'ENTREPRISE';
}

function pathTo(status: CandidatureStatus, r: ReturnType<typeof rng>): CandidatureStatus[] {
  if (status !== 'REJECTED') return PIPELINE.slice(0, PIPELINE.indexOf(status) + 1);
  return [...PIPELINE.slice(0, r.int(1, 4)), 'REJECTED'];
}

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Whether `db seed --demo` already ran here (its marker company or its first recruiter exists). */
export async function demoDataPresent(knex: Knex): Promise<boolean> {
  const marker = await knex('entreprises').where({ nomEntreprise: DEMO_MARKER_ENTREPRISE }).first('id');
  const account = await knex('accounts')
    .where({ email: `recruteur1@${DEMO_EMAIL_DOMAIN}` })
    .first('id');
  return Boolean(marker || account);
}

export async function seedDemoData(knex: Knex): Promise<string[]> {
  if (await demoDataPresent(knex)) return ['demo data already present (skipped)'];

  const r = rng(20261121);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const secteurs = new Map(
    ((await knex('secteursActivite').select('id', 'nom')) as { id: number; nom: string }[]).map((s) => [
      s.nom,
      s.id,
    ]),
  );
  const villes = new Map(
    ((await knex('villes').select('id', 'slug', 'nom')) as { id: number; slug: string; nom: string }[]).map(
      (v) => [v.slug, v],
    ),
  );
  const levels = (await knex('experienceLevels').orderBy('ordre').pluck('id')) as number[];

  return knex.transaction(async (trx) => {
    let emailNo = 0;
    const newAccount = async (role: 'RECRUTEUR' | 'CANDIDAT' | 'ADMIN', local: string) => {
      const [id] = await trx('accounts').insert({
        email: `${local}@${DEMO_EMAIL_DOMAIN}`,
        passwordHash,
        role,
        enabled: true,
        emailVerifiedAt: new Date(now - 90 * DAY),
        createdAt: new Date(now - r.int(30, 120) * DAY),
      });
      return id as number;
    };

    const adminId = await newAccount('ADMIN', 'admin');
    await trx('admins').insert({ id: adminId, nom: 'Demo', prenom: 'Admin', niveauAcces: 'ADMIN' });

    // Companies and their recruiters.
    const entreprises: { id: number; secteur: SecteurKey; ville: string; recruiters: number[] }[] = [];
    for (const c of ENTREPRISES) {
      const [id] = await trx('entreprises').insert({
        nomEntreprise: c.nom,
        secteurActiviteId: secteurs.get(SECTEUR_NOMS[c.secteur]) ?? null,
        description: c.description,
        presentation: `${c.nom} : ${c.description}`,
        cultureEntreprise: 'Esprit d’équipe, exigence et respect de chacun.',
        rechercheEntreprise:
          'Des profils motivés, formés au Cameroun ou ailleurs, qui veulent grandir avec nous.',
        anneeCreation: c.annee,
        nombreCollaborateurs: c.taille,
        adresseVilleId: villes.get(c.ville)?.id ?? null,
        adresseQuartier: c.quartier,
        plan: 'GRATUIT',
      });
      await trx('entrepriseWebsites').insert({
        entrepriseId: id,
        nom: 'Site officiel',
        url: `https://www.${ascii(c.nom).slice(0, 20)}.cm`,
      });
      const recruteurs: number[] = [];
      const count = entreprises.length === 0 ? 2 : r.int(1, 2);
      for (let i = 0; i < count; i++) {
        emailNo += 1;
        const rid = await newAccount('RECRUTEUR', `recruteur${emailNo}`);
        await trx('recruiters').insert({
          id: rid,
          entrepriseId: id,
          nom: r.pick(NOMS),
          prenom: r.pick(PRENOMS),
          telephone: `+2376${r.int(50, 99)}${String(r.int(0, 999999)).padStart(6, '0')}`,
          posteOccupe: r.pick(POSTES),
          status: 'ACTIVE',
          companyRole: i === 0 ? 'OWNER' : 'MEMBER',
        });
        await trx('recruiterStatusHistory').insert({
          recruiterId: rid,
          oldStatus: 'PENDING_APPROVAL',
          newStatus: 'ACTIVE',
          reason: 'Données de démonstration',
          changedByEmail: `admin@${DEMO_EMAIL_DOMAIN}`,
          changedByName: 'Admin Demo',
        });
        recruteurs.push(rid);
      }
      entreprises.push({ id, secteur: c.secteur, ville: c.ville, recruiters: recruteurs });
    }

    // Offers: the marker company gets more, so its recruiter has something to look at.
    const offres: {
      id: number;
      status: OffreStatus;
      publishedAt: number | null;
      entrepriseId: number;
      recruteurId: number;
    }[] = [];
    const published = new Map<number, number>();
    // Each sector's titles in turn, the first time published, so that every title of a sector with
    // a company is on offer (a newcomer's first searches, "secrétaire" or "cuisinier", find something).
    const nextJob = new Map<SecteurKey, number>();
    for (let i = 0; i < 220; i++) {
      const entreprise = i < 30 ? entreprises[0] : r.pick(entreprises);
      const jobs = JOBS[entreprise.secteur];
      const turn = nextJob.get(entreprise.secteur) ?? 0;
      nextJob.set(entreprise.secteur, turn + 1);
      const job = jobs[turn % jobs.length];
      const ville = villes.get(r.next() < 0.7 ? entreprise.ville : r.pick(OTHER_CITIES))!;
      const roll = r.next();
      const status: OffreStatus =
        turn < jobs.length || roll < 0.85 ? 'PUBLISHED' : roll < 0.94 ? 'DRAFT' : 'ARCHIVED';
      const contractType = r.pick(CONTRACTS);
      const base =
        contractType === 'STAGE' ? 50_000 : r.pick([150_000, 250_000, 350_000, 500_000, 800_000, 1_200_000]);
      const publishedAt = status === 'DRAFT' ? null : now - r.int(1, 45) * DAY - r.int(0, 86_000) * 1000;
      const deadline =
        status === 'ARCHIVED'
          ? new Date(now - r.int(1, 20) * DAY).toISOString().slice(0, 10)
          : r.next() < 0.8
            ? new Date(now + r.int(10, 60) * DAY).toISOString().slice(0, 10)
            : null;
      const competences = r.sample(job.competences, r.int(2, job.competences.length));
      const recruteurId = r.pick(entreprise.recruiters);
      const row = {
        entrepriseId: entreprise.id,
        recruteurId,
        titre: contractType === 'STAGE' ? `Stage : ${job.titre}` : job.titre,
        departement: job.departement,
        localisation: ville.nom,
        villeId: ville.id,
        contractType,
        description: `Nous recherchons un(e) ${job.titre.toLowerCase()} pour notre site de ${ville.nom}. Vos missions : ${competences.join(', ').toLowerCase()}. Rémunération selon profil, assurance maladie et primes de performance.`,
        experience: r.pick(EXPERIENCES),
        competences: JSON.stringify(competences),
        competencesText: competences.join(' '),
        salaireMin: base,
        salaireMax: Math.round(base * (1.3 + r.next())),
        remotePossible:
          entreprise.secteur === 'it' || entreprise.secteur === 'medias' ? r.next() < 0.5 : false,
        deadline,
        status,
        publishedAt: publishedAt ? new Date(publishedAt) : null,
        archivedAt: status === 'ARCHIVED' ? new Date(now - r.int(0, 5) * DAY) : null,
        createdAt: new Date((publishedAt ?? now) - r.int(0, 5) * DAY),
      };
      const [id] = await trx('offres').insert(row);
      offres.push({ id, status, publishedAt, entrepriseId: entreprise.id, recruteurId });
      if (status === 'PUBLISHED') published.set(entreprise.id, (published.get(entreprise.id) ?? 0) + 1);
    }
    for (const c of entreprises)
      await trx('entreprises')
        .where({ id: c.id })
        .update({ plan: planFor(published.get(c.id) ?? 0) });

    // Candidates with profiles.
    const candidats: number[] = [];
    for (let i = 1; i <= 60; i++) {
      const id = await newAccount('CANDIDAT', `candidat${i}`);
      const sector = r.pick(Object.keys(JOBS) as SecteurKey[]);
      const job = r.pick(JOBS[sector]);
      await trx('candidates').insert({
        id,
        nom: r.pick(NOMS),
        prenom: r.pick(PRENOMS),
        telephone: `+2376${r.int(50, 99)}${String(r.int(0, 999999)).padStart(6, '0')}`,
        jobTitle: job.titre,
        experienceLevelId: levels.length ? r.pick(levels) : null,
        employmentStatus: r.pick(EMPLOYMENT),
        availability: r.pick(AVAILABILITY),
        qualificationLevel: r.pick(QUALIFICATION),
        salaryRange: r.pick(SALARY),
        villeId: villes.get(r.pick(OTHER_CITIES))?.id ?? null,
        country: 'Cameroun',
        competences: JSON.stringify(r.sample(job.competences, 2)),
        bio: `${job.titre} motivé(e), disponible pour de nouveaux défis.`,
        profilPublic: r.next() < 0.5,
      });
      candidats.push(id);
    }
    // A third of them take the weekly digest of recommended offers (it is opt-in): an operator
    // trying `recrutement recommendations digest` on the demo has someone to write to.
    const digestReaders = candidats.filter((_, i) => i % 3 === 0);
    await trx('recommendationPreferences').insert(
      digestReaders.map((candidatId) => ({ candidatId, digestHebdo: true, updatedAt: new Date(now) })),
    );

    // Applications, their history and a few notes; then saved jobs.
    const open = offres.filter((o) => o.status !== 'DRAFT');
    const totalWeight = STATUS_WEIGHTS.reduce((a, [, w]) => a + w, 0);
    const pickStatus = (): CandidatureStatus => {
      let x = r.next() * totalWeight;
      for (const [s, w] of STATUS_WEIGHTS) if ((x -= w) < 0) return s;
      return 'NEW';
    };
    let applications = 0;
    let notes = 0;
    for (const [i, candidatId] of candidats.entries()) {
      const targets = r.sample(
        i === 0 ? offres.filter((o) => o.entrepriseId === entreprises[0].id && o.status !== 'DRAFT') : open,
        i === 0 ? 6 : r.int(4, 12),
      );
      for (const offre of targets) {
        const status = offre.status === 'ARCHIVED' && r.next() < 0.5 ? 'REJECTED' : pickStatus();
        const applied = Math.min(
          now - 3600_000,
          (offre.publishedAt ?? now) + r.int(0, 20) * DAY + r.int(0, 86_000) * 1000,
        );
        const steps = pathTo(status, r);
        const stepTimes = steps.map((_, k) => Math.min(now - 60_000, applied + k * r.int(1, 3) * DAY));
        const [cid] = await trx('candidatures').insert({
          offreId: offre.id,
          candidatId,
          status,
          lettreMotivation:
            'Madame, Monsieur, votre offre a retenu toute mon attention. Je serais ravi(e) d’en discuter avec vous.',
          dateCandidature: new Date(applied),
          lastActionDate: new Date(stepTimes[stepTimes.length - 1]),
        });
        await trx('candidatureStatusHistory').insert(
          steps.map((s, k) => ({
            candidatureId: cid,
            oldStatus: k === 0 ? null : steps[k - 1],
            newStatus: s,
            changedByAccountId: k === 0 ? candidatId : offre.recruteurId,
            reason: s === 'REJECTED' ? 'Profil ne correspondant pas aux attentes du poste' : null,
            changedAt: new Date(stepTimes[k]),
          })),
        );
        if (status !== 'NEW' && r.next() < 0.3) {
          await trx('candidatureNotes').insert({
            candidatureId: cid,
            recruteurId: offre.recruteurId,
            content: r.pick([
              'Bon profil, à rappeler.',
              'Entretien téléphonique concluant.',
              'Prétentions salariales élevées.',
              'Très bonne présentation.',
            ]),
            createdAt: new Date(stepTimes[stepTimes.length - 1]),
          });
          notes += 1;
        }
        applications += 1;
      }
      for (const offre of r.sample(open, r.int(0, 4))) {
        await trx('savedJobs')
          .insert({ candidatId, offreId: offre.id, createdAt: new Date(now - r.int(0, 20) * DAY) })
          .onConflict(['candidatId', 'offreId'])
          .ignore();
      }
    }
    await trx.raw(
      `UPDATE saved_jobs sj JOIN offres o ON o.id = sj.offre_id JOIN entreprises e ON e.id = o.entreprise_id
       SET sj.offre_titre = o.titre, sj.entreprise_nom = e.nom_entreprise
       WHERE sj.candidat_id IN (${candidats.map(() => '?').join(',')})`,
      candidats,
    );

    // Counters from the applications themselves, so they are right by construction.
    const ids = offres.map((o) => o.id);
    await trx.raw(
      `UPDATE offres o LEFT JOIN (
         SELECT offre_id, COUNT(*) total, SUM(status = 'NEW') n, SUM(status = 'IN_PROGRESS') ip, SUM(status = 'TO_MEET') tm,
                SUM(status = 'MET') m, SUM(status = 'HIRED') h, SUM(status = 'REJECTED') rj
         FROM candidatures GROUP BY offre_id
       ) c ON c.offre_id = o.id
       SET o.total_candidatures = COALESCE(c.total, 0), o.nouveaux = COALESCE(c.n, 0), o.en_cours = COALESCE(c.ip, 0),
           o.arencontrer = COALESCE(c.tm, 0), o.rencontres = COALESCE(c.m, 0), o.embauches = COALESCE(c.h, 0), o.refuses = COALESCE(c.rj, 0)
       WHERE o.id IN (${ids.map(() => '?').join(',')})`,
      ids,
    );

    const recruteurCount = entreprises.reduce((a, c) => a + c.recruiters.length, 0);
    const publishedCount = offres.filter((o) => o.status === 'PUBLISHED').length;
    return [
      `demo: ${entreprises.length} companies, ${recruteurCount} ACTIVE recruiters (recruteur1..${recruteurCount}@${DEMO_EMAIL_DOMAIN})`,
      `demo: ${offres.length} offers (${publishedCount} published), plans set to fit`,
      `demo: ${candidats.length} candidates (candidat1..${candidats.length}@${DEMO_EMAIL_DOMAIN}; ${digestReaders.length} take the weekly digest), ${applications} applications, ${notes} notes, counters recomputed`,
      `demo: admin@${DEMO_EMAIL_DOMAIN}; every demo password is ${DEMO_PASSWORD}`,
    ];
  });
}
