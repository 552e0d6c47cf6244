/** Company schemas of the API: the Company answer and the EntrepriseMember live in domain/shapes/entreprise.ts (re-exported here); pages, updates. */
import Type from 'typebox';
import { Nullable, StringEnum } from './common.ts';
import { EntrepriseShape } from '../../domain/shapes/entreprise.ts';

export { EntrepriseShape, EntrepriseMember, LogoUrl } from '../../domain/shapes/entreprise.ts';

/** The EntreprisePage, alone (answer of PUT /recruiters/company/pages/{typePage}). */
export const EntreprisePageShape = EntrepriseShape.properties.pages.items;

export const TypePage = StringEnum(['ACCUEIL', 'A_PROPOS', 'STAFF']);

const Text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const HttpUrl = Type.String({
  format: 'uri',
  pattern: '^https?://',
  maxLength: 500,
  description: 'http(s) URL',
});

/** PUT /recruiters/company: every field optional; left out keeps, null clears. */
export const EntrepriseUpdate = Type.Object({
  nomEntreprise: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  secteurActiviteId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  description: Type.Optional(Text(20000)),
  anneeCreation: Type.Optional(Nullable(Type.Integer({ minimum: 1800, maximum: 2200 }))),
  nombreCollaborateurs: Type.Optional(Text(50)),
  presentation: Type.Optional(Text(20000)),
  cultureEntreprise: Type.Optional(Text(20000)),
  rechercheEntreprise: Type.Optional(Text(20000)),
  adresseSiege: Type.Optional(
    Type.Object({
      villeId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
      quartier: Type.Optional(Text(150)),
      codePostal: Type.Optional(Text(20)),
    }),
  ),
  siteWeb: Type.Optional(
    Nullable(Type.Object({ nom: Type.String({ minLength: 1, maxLength: 150 }), url: HttpUrl })),
  ),
  reseauxSociaux: Type.Optional(
    Type.Array(Type.Object({ plateforme: Type.String({ minLength: 1, maxLength: 60 }), url: HttpUrl }), {
      maxItems: 20,
      description: 'replaces the whole list',
    }),
  ),
});

export const EntreprisePageInput = Type.Object({
  contenu: Type.String({ maxLength: 60000 }),
  donneesJson: Type.Optional(Nullable(Type.String({ maxLength: 60000, description: 'a JSON text' }))),
  ordre: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  publie: Type.Optional(Type.Boolean()),
});
