/**
 * The texts of the SMS, in French and English. Each is GSM 03.38 once transliterated and fits one
 * segment (tests prove it with an independent segment calculator).
 */
import type { Langue } from '../../models/account.ts';

export const SMS_TEXTS = {
  fr: {
    code: (code: string) =>
      `Recrutement : votre code de confirmation est ${code}. Il expire dans 10 minutes.`,
    stopped:
      'Recrutement : vous ne recevrez plus de SMS. Pour les reprendre, confirmez votre numero sur le site.',
    free: 'postuler est gratuit',
    others: (n: number) => (n === 1 ? '+1 autre offre' : `+${n} autres offres`),
    interview: (titre: string) =>
      `Recrutement : entretien propose pour "${titre}". Details dans votre espace.`,
    hired: (titre: string) => `Recrutement : felicitations, vous etes retenu(e) pour "${titre}".`,
  },
  en: {
    code: (code: string) => `Recrutement: your confirmation code is ${code}. It expires in 10 minutes.`,
    stopped: 'Recrutement: you will get no more SMS. To get them again, confirm your number on the site.',
    free: 'applying is free',
    others: (n: number) => (n === 1 ? '+1 other job' : `+${n} other jobs`),
    interview: (titre: string) => `Recrutement: interview offered for "${titre}". Details in your account.`,
    hired: (titre: string) => `Recrutement: congratulations, you were hired for "${titre}".`,
  },
} satisfies Record<Langue, unknown>;

export function smsTexts(langue: Langue) {
  return SMS_TEXTS[langue];
}
