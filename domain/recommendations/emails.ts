/**
 * The emails of recommendations, in the shared layout (domain/mail/layout.ts), French or English
 * by the candidate's account: an invitation to apply sent by a company from its suggested
 * candidates, and the weekly "offers for you" digest. Both say why the candidate gets them and
 * how to stop them: each carries the signed unsubscribe link of optional emails
 * (domain/candidatures/notification-links.ts, kinds `invitationsPostuler` and `digestHebdo`) in its
 * footer and in RFC 8058's List-Unsubscribe headers, and, with a frontend, its preferences page.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { mailText, simpleEmail, type EmailMessage } from '../mail/index.ts';
import { offresListPageUrl } from '../reach/index.ts';
import { offrePageUrl } from '../shared/index.ts';
import { unsubscribeHeaders } from '../candidatures/index.ts';

const TEXT = {
  fr: {
    inviteSubject: (entreprise: string, titre: string) => `${entreprise} vous invite à postuler : ${titre}`,
    inviteLead: (entreprise: string) =>
      `${entreprise} a vu votre profil parmi les candidats qui correspondent à l’une de ses offres et vous invite à postuler.`,
    inviteWhy: (entreprise: string) =>
      `Vous recevez ce message car votre profil est visible des recruteurs et ${entreprise} vous a choisi.`,
    apply: 'Voir l’offre et postuler',
    stop: 'Ne plus recevoir d’invitation à postuler',
    digestSubject: (n: number) => `${n} offre${n > 1 ? 's' : ''} pour vous cette semaine`,
    digestLead: 'Voici les offres publiées qui correspondent le mieux à votre profil :',
    digestWhy: 'Vous recevez ce message car vous êtes abonné(e) à la sélection hebdomadaire d’offres.',
    digestStop: 'Se désabonner de la sélection hebdomadaire',
    preferences: 'Mes préférences de recommandation',
    matched: (skills: string[]) => `Compétences en commun : ${skills.join(', ')}`,
    all: 'Toutes mes recommandations',
    allOffres: 'Toutes les offres',
  },
  en: {
    inviteSubject: (entreprise: string, titre: string) => `${entreprise} invites you to apply: ${titre}`,
    inviteLead: (entreprise: string) =>
      `${entreprise} saw your profile among the candidates who match one of its offers and invites you to apply.`,
    inviteWhy: (entreprise: string) =>
      `You get this message because your profile is visible to recruiters and ${entreprise} chose you.`,
    apply: 'See the offer and apply',
    stop: 'Stop invitations to apply',
    digestSubject: (n: number) => `${n} offer${n > 1 ? 's' : ''} for you this week`,
    digestLead: 'Here are the published offers that best match your profile:',
    digestWhy: 'You get this message because you subscribed to the weekly selection of offers.',
    digestStop: 'Unsubscribe from the weekly selection',
    preferences: 'My recommendation preferences',
    matched: (skills: string[]) => `Skills in common: ${skills.join(', ')}`,
    all: 'All my recommendations',
    allOffres: 'All offers',
  },
} as const;

/**
 * The preferences page, a page of the frontend: without one there is no page to open (the API's
 * address wants a token), and the one-click link is the way to stop.
 */
function preferencesLink(ctx: Ctx, label: string): { label: string; url: string }[] {
  const frontend = ctx.config.frontendUrl;
  return frontend ? [{ label, url: `${frontend}/candidats/me/recommandations/preferences` }] : [];
}

export function invitationToApplyEmail(
  ctx: Ctx,
  input: {
    to: string;
    langue: Langue;
    prenom: string | null;
    nomEntreprise: string;
    offre: { id: number; titre: string };
    message: string | null;
    replyTo: string;
    /** The one-click unsubscribe URL (notification-links.ts `unsubscribeUrl`, kind invitationsPostuler). */
    unsubscribeUrl: string;
  },
): EmailMessage {
  const c = mailText(input.langue);
  const t = TEXT[input.langue === 'en' ? 'en' : 'fr'];
  const subject = t.inviteSubject(input.nomEntreprise, input.offre.titre).slice(0, 300);
  const url = offrePageUrl(ctx, input.offre.id, input.offre.titre);
  const body = simpleEmail(
    c,
    [
      c.common.greeting(input.prenom),
      t.inviteLead(input.nomEntreprise),
      ...(input.message ? [input.message] : []),
      {
        cards: [
          { title: input.offre.titre, url, lines: [input.nomEntreprise], linkLabel: c.common.viewOffre },
        ],
      },
    ],
    { label: t.apply, url },
    {
      title: subject,
      footer: [
        t.inviteWhy(input.nomEntreprise),
        { label: t.stop, url: input.unsubscribeUrl },
        ...preferencesLink(ctx, t.preferences),
      ],
    },
  );
  return {
    to: input.to,
    subject,
    template: 'recommendation-invitation',
    ...body,
    headers: { 'Reply-To': input.replyTo, ...unsubscribeHeaders(input.unsubscribeUrl) },
  };
}

export function weeklyDigestEmail(
  ctx: Ctx,
  input: {
    to: string;
    langue: Langue;
    prenom: string | null;
    offres: {
      id: number;
      titre: string;
      entrepriseNom: string;
      ville: string | null;
      matchedSkills: string[];
    }[];
    /** The one-click unsubscribe URL (notification-links.ts `unsubscribeUrl`, kind digestHebdo). */
    unsubscribeUrl: string;
  },
): EmailMessage {
  const c = mailText(input.langue);
  const t = TEXT[input.langue === 'en' ? 'en' : 'fr'];
  const subject = t.digestSubject(input.offres.length);
  const cards = input.offres.map((o) => ({
    title: o.titre,
    url: offrePageUrl(ctx, o.id, o.titre),
    lines: [
      [o.entrepriseNom, o.ville].filter(Boolean).join(' · '),
      ...(o.matchedSkills.length ? [t.matched(o.matchedSkills)] : []),
    ],
    linkLabel: c.common.viewOffre,
  }));
  // The recommendations and their preferences are pages of the frontend. Without one, the API's
  // addresses would answer a reader's click with a 401 (they want a token): the button goes to the
  // public list of offers instead, and the footer keeps the one-click unsubscribe.
  const frontend = ctx.config.frontendUrl;
  const body = simpleEmail(
    c,
    [c.common.greeting(input.prenom), t.digestLead, { cards }],
    frontend
      ? { label: t.all, url: `${frontend}/candidats/me/recommandations` }
      : { label: t.allOffres, url: offresListPageUrl(ctx) },
    {
      title: subject,
      footer: [
        t.digestWhy,
        { label: t.digestStop, url: input.unsubscribeUrl },
        ...preferencesLink(ctx, t.preferences),
      ],
    },
  );
  return {
    to: input.to,
    subject,
    template: 'recommendation-digest',
    ...body,
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  };
}
