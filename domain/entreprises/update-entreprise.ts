/**
 * PUT /recruiters/company (OWNER): the writable fields of the Company. Fields left out keep
 * their value; `siteWeb: null` removes the website; `reseauxSociaux` replaces the whole list.
 * Everything is written in one transaction, so a reader never sees half an update. Unknown
 * sector or city ids are a 400 naming the field, not a foreign-key error.
 */
import type { PartialModelObject } from 'objection';
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { InputError, NotFoundError } from '../errors.ts';
import { requireEntrepriseOwner } from './current-recruteur.ts';
import { loadEntrepriseView, type EntrepriseView } from './entreprise-view.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { EntrepriseSocialNetwork } from '../../models/entreprise-social-network.ts';
import { EntrepriseWebsite } from '../../models/entreprise-website.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';
import { Ville } from '../../models/ville.ts';

export interface EntrepriseInput {
  nomEntreprise?: string;
  secteurActiviteId?: number | null;
  description?: string | null;
  anneeCreation?: number | null;
  nombreCollaborateurs?: string | null;
  presentation?: string | null;
  cultureEntreprise?: string | null;
  rechercheEntreprise?: string | null;
  adresseSiege?: { villeId?: number | null; quartier?: string | null; codePostal?: string | null };
  siteWeb?: { nom: string; url: string } | null;
  reseauxSociaux?: { plateforme: string; url: string }[];
}

const TEXT_FIELDS = [
  'description',
  'nombreCollaborateurs',
  'presentation',
  'cultureEntreprise',
  'rechercheEntreprise',
] as const;

const clean = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() || null : v);

async function checkReferences(ctx: Ctx, input: EntrepriseInput): Promise<void> {
  if (
    input.secteurActiviteId != null &&
    !(await SecteurActivite.query(ctx.db).findById(input.secteurActiviteId).select('id'))
  ) {
    throw new InputError('Unknown activity sector', 'body.secteurActiviteId: no such sector', {
      field: 'body.secteurActiviteId',
      code: 'unknownId',
      params: { kind: 'secteur' },
    });
  }
  const villeId = input.adresseSiege?.villeId;
  if (villeId != null && !(await Ville.query(ctx.db).findById(villeId).select('id'))) {
    throw new InputError('Unknown city', 'body.adresseSiege.villeId: no such city', {
      field: 'body.adresseSiege.villeId',
      code: 'unknownId',
      params: { kind: 'ville' },
    });
  }
  if (input.anneeCreation != null && input.anneeCreation > ctx.clock.now().getUTCFullYear()) {
    throw new InputError('Invalid creation year', 'body.anneeCreation: must not be in the future', {
      field: 'body.anneeCreation',
      code: 'maximum',
      params: { limit: ctx.clock.now().getUTCFullYear() },
    });
  }
}

export async function updateEntreprise(ctx: Ctx, input: EntrepriseInput): Promise<EntrepriseView> {
  const owner = await requireEntrepriseOwner(ctx);
  await checkReferences(ctx, input);
  const id = owner.entrepriseId;
  await inTransaction(ctx, async (t) => {
    const changes: PartialModelObject<Entreprise> = { updatedAt: t.clock.now() };
    if (input.nomEntreprise !== undefined) {
      const nom = input.nomEntreprise.trim();
      if (!nom)
        throw new InputError('The company name may not be empty', 'body.nomEntreprise: must not be blank', {
          field: 'body.nomEntreprise',
          code: 'blank',
        });
      changes.nomEntreprise = nom;
    }
    if (input.secteurActiviteId !== undefined) changes.secteurActiviteId = input.secteurActiviteId;
    if (input.anneeCreation !== undefined) changes.anneeCreation = input.anneeCreation;
    for (const field of TEXT_FIELDS) if (input[field] !== undefined) changes[field] = clean(input[field]);
    const address = input.adresseSiege;
    if (address?.villeId !== undefined) changes.adresseVilleId = address.villeId;
    if (address?.quartier !== undefined) changes.adresseQuartier = clean(address.quartier);
    if (address?.codePostal !== undefined) changes.adresseCodePostal = clean(address.codePostal);
    await Entreprise.query(t.db).findById(id).patch(changes);
    if (input.siteWeb !== undefined) {
      await EntrepriseWebsite.query(t.db).where({ entrepriseId: id }).delete();
      if (input.siteWeb)
        await EntrepriseWebsite.query(t.db).insert({
          entrepriseId: id,
          nom: input.siteWeb.nom.trim(),
          url: input.siteWeb.url.trim(),
        });
    }
    if (input.reseauxSociaux !== undefined) {
      await EntrepriseSocialNetwork.query(t.db).where({ entrepriseId: id }).delete();
      if (input.reseauxSociaux.length) {
        // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert (Objection inserts arrays only on PostgreSQL)
        await t.db('entrepriseSocialNetworks').insert(
          input.reseauxSociaux.map((r) => ({
            entrepriseId: id,
            plateforme: r.plateforme.trim(),
            url: r.url.trim(),
          })),
        );
      }
    }
  });
  const view = await loadEntrepriseView(ctx.db, id, ctx.config.publicUrl);
  if (!view) throw new NotFoundError('Entreprise');
  return view;
}
