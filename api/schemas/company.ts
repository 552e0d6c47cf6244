/** The spec's Company (EntrepriseResponse) for responses. logoUrl: string (v1) or {url, variants} (v2). */
import Type from 'typebox';
import { Nullable } from './common.ts';

const S = () => Nullable(Type.String());

export const LogoUrl = Nullable(
  Type.Union([
    Type.String(),
    Type.Object({ url: Type.String(), variants: Type.Record(Type.String(), Type.String()) }, { description: 'with Accept: application/vnd.service.v2+json' }),
  ]),
);

export const Company = Type.Object({
  id: Type.Integer(),
  nomEntreprise: Type.String(),
  secteurActivite: S(),
  description: S(),
  anneeCreation: Nullable(Type.Integer()),
  nombreCollaborateurs: S(),
  presentation: S(),
  cultureEntreprise: S(),
  rechercheEntreprise: S(),
  logoUrl: LogoUrl,
  bannerUrl: S(),
  adresseSiege: Type.Object({
    villeId: Nullable(Type.Integer()),
    villeNom: S(),
    regionId: Nullable(Type.Integer()),
    regionNom: S(),
    paysId: Type.Integer(),
    paysNom: Type.String(),
    quartier: S(),
    codePostal: S(),
    fullAddress: Type.String(),
  }),
  siteWeb: Nullable(Type.Object({ id: Type.Integer(), nom: Type.String(), url: Type.String() })),
  reseauxSociaux: Type.Array(Type.Object({ id: Type.Integer(), plateforme: Type.String(), url: Type.String() })),
  pages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      typePage: Type.String({ enum: ['ACCUEIL', 'A_PROPOS', 'STAFF'] }),
      contenu: S(),
      donneesJson: S(),
      ordre: Type.Integer(),
      publie: Type.Boolean(),
    }),
  ),
  totalRecruitersCount: Type.Integer(),
  validatedRecruitersCount: Type.Integer(),
});
