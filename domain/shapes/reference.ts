/**
 * Reference data as the API shows it: an activity sector (public, and the administrators' view with
 * its company count) and an experience level; their static types are the domain's SecteurPublicView,
 * SecteurAdminView and ExperienceLevelView.
 */
import Type from 'typebox';
import { Nullable } from './common.ts';

export const SecteurPublic = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  description: Nullable(Type.String()),
  actif: Type.Boolean(),
});

export const SecteurAdmin = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  description: Nullable(Type.String()),
  entreprisesCount: Type.Integer(),
});

export const ExperienceLevel = Type.Object({ id: Type.Integer(), nom: Type.String(), ordre: Type.Integer() });
