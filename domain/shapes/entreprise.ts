/**
 * The Company (EntrepriseResponse): the API's answer schema and, as Static<typeof EntrepriseShape>, the
 * domain's EntrepriseView. logoUrl: string (v1) or {url, variants} (v2) in JSON; the domain holds an
 * ImageRef that the API renders as one or the other (api/http/representation-transform.ts).
 */
import Type from 'typebox';
import { Verification } from './trust.ts';
import { Nullable, StringEnum } from './common.ts';
import type { ImageRef } from '../files/index.ts';

const S = () => Nullable(Type.String());

export const LogoUrl = Type.Unsafe<ImageRef | null>(
  Nullable(
    Type.Union([
      Type.String(),
      Type.Object(
        { url: Type.String(), variants: Type.Record(Type.String(), Type.String()) },
        { description: 'with Accept: application/vnd.service.v2+json' },
      ),
    ]),
  ),
);

export const EntrepriseShape = Type.Object({
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
  reseauxSociaux: Type.Array(
    Type.Object({ id: Type.Integer(), plateforme: Type.String(), url: Type.String() }),
  ),
  pages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      typePage: StringEnum(['ACCUEIL', 'A_PROPOS', 'STAFF']),
      contenu: S(),
      donneesJson: S(),
      ordre: Type.Integer(),
      publie: Type.Boolean(),
    }),
  ),
  totalRecruitersCount: Type.Integer(),
  validatedRecruitersCount: Type.Integer(),
  verification: Verification,
});

/**
 * An active recruiter of the company (GET /recruiters/company/members). `status` stays a plain
 * string here: an enum would change the published OpenAPI document; the domain's EntrepriseMember
 * narrows it to RecruteurStatus.
 */
export const EntrepriseMember = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  prenom: Type.String(),
  email: Type.String(),
  posteOccupe: Nullable(Type.String()),
  status: Type.String(),
  role: StringEnum(['OWNER', 'MEMBER']),
});
