import { Model } from 'objection';
import { SecteurActivite } from './secteur-activite.ts';
import { Ville } from './ville.ts';
import { EntrepriseWebsite } from './entreprise-website.ts';
import { EntrepriseSocialNetwork } from './entreprise-social-network.ts';
import { EntreprisePage } from './entreprise-page.ts';
import { Recruteur } from './recruteur.ts';
import { StoredFile } from './stored-file.ts';

export type Plan = 'GRATUIT' | 'ESSENTIEL' | 'PRO' | 'ENTREPRISE';
export const PLANS: Plan[] = ['GRATUIT', 'ESSENTIEL', 'PRO', 'ENTREPRISE'];

export class Entreprise extends Model {
  static override tableName = 'entreprises';
  id!: number;
  nomEntreprise!: string;
  secteurActiviteId!: number | null;
  description!: string | null;
  anneeCreation!: number | null;
  nombreCollaborateurs!: string | null;
  presentation!: string | null;
  cultureEntreprise!: string | null;
  rechercheEntreprise!: string | null;
  logoFileId!: number | null;
  bannerFileId!: number | null;
  adresseVilleId!: number | null;
  adresseQuartier!: string | null;
  adresseCodePostal!: string | null;
  plan!: Plan;
  status!: 'ACTIVE' | 'DISABLED';
  createdAt!: Date;
  updatedAt!: Date;
  secteurActivite?: SecteurActivite | null;
  ville?: Ville | null;
  websites?: EntrepriseWebsite[];
  socialNetworks?: EntrepriseSocialNetwork[];
  pages?: EntreprisePage[];
  recruiters?: Recruteur[];
  logo?: StoredFile | null;
  banner?: StoredFile | null;

  static override relationMappings = () => ({
    secteurActivite: {
      relation: Model.BelongsToOneRelation,
      modelClass: SecteurActivite,
      join: { from: 'entreprises.secteurActiviteId', to: 'secteursActivite.id' },
    },
    ville: {
      relation: Model.BelongsToOneRelation,
      modelClass: Ville,
      join: { from: 'entreprises.adresseVilleId', to: 'villes.id' },
    },
    websites: {
      relation: Model.HasManyRelation,
      modelClass: EntrepriseWebsite,
      join: { from: 'entreprises.id', to: 'entrepriseWebsites.entrepriseId' },
    },
    socialNetworks: {
      relation: Model.HasManyRelation,
      modelClass: EntrepriseSocialNetwork,
      join: { from: 'entreprises.id', to: 'entrepriseSocialNetworks.entrepriseId' },
    },
    pages: {
      relation: Model.HasManyRelation,
      modelClass: EntreprisePage,
      join: { from: 'entreprises.id', to: 'entreprisePages.entrepriseId' },
    },
    recruiters: {
      relation: Model.HasManyRelation,
      modelClass: Recruteur,
      join: { from: 'entreprises.id', to: 'recruiters.entrepriseId' },
    },
    logo: {
      relation: Model.BelongsToOneRelation,
      modelClass: StoredFile,
      join: { from: 'entreprises.logoFileId', to: 'files.id' },
    },
    banner: {
      relation: Model.BelongsToOneRelation,
      modelClass: StoredFile,
      join: { from: 'entreprises.bannerFileId', to: 'files.id' },
    },
  });
}
