/** Tells a company's owner what an administrator decided about its app, in the owner's language. */
import type { Langue } from '../../models/account.ts';
import { mailText, simpleEmail, type EmailMessage } from '../mail/index.ts';

export type AppDecision = 'approve' | 'reject' | 'suspend' | 'reactivate';

const WORDS: Record<Langue, Record<AppDecision, { subject: string; line: (app: string) => string }>> = {
  fr: {
    approve: {
      subject: 'Votre application d’intégration est approuvée',
      line: (app) =>
        `L’application « ${app} » est approuvée : elle peut maintenant obtenir des jetons OAuth.`,
    },
    reject: {
      subject: 'Votre application d’intégration n’est pas approuvée',
      line: (app) => `Après examen, l’application « ${app} » n’a pas été approuvée.`,
    },
    suspend: {
      subject: 'Votre application d’intégration est suspendue',
      line: (app) => `L’application « ${app} » est suspendue : ses jetons sont refusés jusqu’à nouvel ordre.`,
    },
    reactivate: {
      subject: 'Votre application d’intégration est réactivée',
      line: (app) => `L’application « ${app} » est de nouveau active.`,
    },
  },
  en: {
    approve: {
      subject: 'Your integration app is approved',
      line: (app) => `The app “${app}” is approved: it may now obtain OAuth tokens.`,
    },
    reject: {
      subject: 'Your integration app was not approved',
      line: (app) => `After review, the app “${app}” was not approved.`,
    },
    suspend: {
      subject: 'Your integration app is suspended',
      line: (app) => `The app “${app}” is suspended: its tokens are refused until further notice.`,
    },
    reactivate: {
      subject: 'Your integration app is active again',
      line: (app) => `The app “${app}” is active again.`,
    },
  },
};

export function appReviewEmail(input: {
  to: string;
  langue: Langue;
  prenom: string | null;
  appName: string;
  decision: AppDecision;
  reason: string | null;
}): EmailMessage {
  const c = mailText(input.langue);
  const words = WORDS[input.langue === 'en' ? 'en' : 'fr'][input.decision];
  const body = simpleEmail(c, [
    c.common.greeting(input.prenom),
    words.line(input.appName),
    ...(input.reason ? [c.common.reason(input.reason)] : []),
    c.common.questions,
  ]);
  return { to: input.to, subject: words.subject, template: `oauth-app-${input.decision}`, ...body };
}
