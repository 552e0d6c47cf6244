/**
 * Every sentence of every email, in English. Typed as the French catalogue: a key missing here,
 * or one that French does not have, fails the typecheck.
 */
import type { MailCatalogue } from './fr.ts';

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Africa/Douala' });
const plural = (n: number, word: string) => `${word}${n > 1 ? 's' : ''}`;
const xafNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const xaf = (n: number) => xafNumber.format(n);

export const en: MailCatalogue = {
  layout: {
    lang: 'en',
    platform: 'Recrutement Cameroun',
    footerAccount: (platform) =>
      `You receive this email about your account on ${platform}. If you have any question, reply to this message.`,
  },
  common: {
    greeting: (prenom) => (prenom ? `Hello ${prenom},` : 'Hello,'),
    linkLine: (label, url) => `${label}: ${url}`,
    reason: (reason) => `Reason: ${reason}`,
    questions: 'If you have any question, reply to this message.',
    date: (d) => longDate.format(d),
    viewOffre: 'View the offer',
  },
  emailValidation: {
    subject: 'Confirm your email address',
    thanks: 'Thank you for signing up. Confirm your email address to activate your account.',
    validity: 'This link is valid for 48 hours. If you did not sign up, ignore this message.',
    action: 'Confirm my email address',
  },
  passwordReset: {
    subject: 'Reset your password',
    requested: 'You asked to reset your password. This link is valid for 1 hour and can be used only once.',
    ignore: 'If you did not ask for this, ignore this message: your password stays unchanged.',
    action: 'Choose a new password',
  },
  recruiterApproved: {
    subject: 'Your recruiter account is approved',
    approved: (nomEntreprise) => `Your recruiter account for ${nomEntreprise} was approved by our team.`,
    next: 'You can now publish job offers and manage your applications.',
    action: 'Sign in',
  },
  recruiterRejected: {
    subject: 'Your recruiter account request',
    rejected: 'After review, your request for a recruiter account was not accepted.',
  },
  recruiterSuspended: {
    subject: 'Your recruiter account is suspended',
    suspended: 'Your recruiter account was suspended: you cannot sign in for the time being.',
  },
  recruiterReactivated: {
    subject: 'Your recruiter account is active again',
    reactivated: 'Your recruiter account is active again. You can sign in.',
  },
  recruiterInvitation: {
    subject: (nomEntreprise) => `Invitation to join ${nomEntreprise}`,
    invited: (invitedBy, nomEntreprise) =>
      `${invitedBy} invites you to join the recruiting team of ${nomEntreprise}.`,
    code: (validDays, token) => `Your invitation code (valid ${validDays} days, single use): ${token}`,
    ignore: 'If you did not expect this invitation, ignore this message.',
    action: 'Create my recruiter account',
    existingAccount: (invitedBy, nomEntreprise) =>
      `${invitedBy} wanted to invite you to the recruiting team of ${nomEntreprise}, but this address already has an account on the platform, and an address serves one account only. To join this team, ask for an invitation to another address.`,
  },
  ownershipTransferred: {
    subject: (nomEntreprise) => `You now manage ${nomEntreprise}`,
    transferred: (previousOwner, nomEntreprise) =>
      `${previousOwner} handed the management of ${nomEntreprise} over to you: you are now its owner (OWNER).`,
    next: 'You can edit the company page, invite recruiters and hand this role over again.',
  },
  privacyNotice: {
    subject: 'Your account will soon be deleted for inactivity',
    inactive: (lastActivity, anonymiseAfter) =>
      `Your candidate account has not been used since ${lastActivity}. Unless you sign in, apply or update your profile by ${anonymiseAfter}, it will be deleted: your applications will stay with the recruiters, anonymised.`,
    keep: 'To keep your account, just sign in.',
    action: 'Sign in',
  },
  webhookDeadLetter: {
    subject: (eventType) => `Webhook failing: ${eventType}`,
    failed: (eventType, eventId, url, attempts) =>
      `We could not deliver the event ${eventType} (${eventId}) to your webhook ${url} after ${attempts} attempts.`,
    lastError: (error) => `Last error: ${error ?? 'unknown'}.`,
    replay: (deliveryId, subscriptionId, replayPath) =>
      `Delivery ${deliveryId} (subscription ${subscriptionId}) is now in the dead-letter queue (DEAD). ` +
      `Once your endpoint is back, replay it with POST ${replayPath}.`,
  },
  webhookDisabled: {
    subject: (url) => `Webhook disabled: ${url}`,
    gone: (url) => `your endpoint ${url} answered 410 Gone`,
    failing: (url) => `every delivery to ${url} has been failing for 5 days`,
    disabled: (subscriptionId, why) => `We disabled your webhook subscription ${subscriptionId}: ${why}.`,
    enable: (enablePath) =>
      `To enable it again: POST ${enablePath}. Deliveries that failed for good (DEAD) meanwhile can be replayed.`,
  },
  alertConfirmation: {
    subject: 'Confirm your job alert',
    requested: (keywords) => `You asked to receive by email the new job offers matching “${keywords}”.`,
    validity: (validDays) => `Confirm it to start receiving it: this link is valid for ${validDays} days.`,
    action: 'Confirm my alert',
    ignore: 'If you did not ask for this, ignore this message: no alert will be sent.',
    why: (platform) =>
      `You receive this email because a job alert was requested for this address on ${platform}.`,
    stop: 'Without confirmation, you will receive nothing else from us.',
  },
  jobAlert: {
    subject: (n, keywords) => `${n} new ${plural(n, 'offer')}: ${keywords}`,
    intro: (n, keywords) => `${n} new ${plural(n, 'offer')} for your alert “${keywords}”:`,
    more: (n) => `… and ${n} more ${plural(n, 'offer')}.`,
    salary: (min, max) => {
      if (min !== null && max !== null && min !== max) return `FCFA ${xaf(min)} to ${xaf(max)} a month`;
      if (min !== null) return `${max === min ? '' : 'from '}FCFA ${xaf(min)} a month`;
      return max === null ? null : `up to FCFA ${xaf(max)} a month`;
    },
    unsubscribeAction: 'Stop this alert',
    why: (keywords, platform) =>
      `You receive this email because your address is subscribed to the job alert “${keywords}” on ${platform}. Applying is always free: if an offer asks you for money, report it with “Report this offer”.`,
  },
  candidatureReceived: {
    subject: (titre) => `Application sent: ${titre}`,
    received: (titre, entreprise) =>
      `Your application for “${titre}” at ${entreprise} has been passed on to the recruiter.`,
    next: 'We will write to you at every important step: review of your application, interview, final answer.',
    action: 'Follow my applications',
    why: (platform) => `You receive this email because you applied to a job offer on ${platform}.`,
    stop: 'Stop application confirmations',
  },
  candidatureStatus: {
    subject: {
      IN_PROGRESS: (titre) => `Your application is being reviewed: ${titre}`,
      TO_MEET: (titre) => `Interview invitation: ${titre}`,
      HIRED: (titre) => `Congratulations! ${titre}`,
      REJECTED: (titre) => `Your application: ${titre}`,
    },
    body: {
      IN_PROGRESS: (titre, entreprise) =>
        `Good news: ${entreprise} is reviewing your application for “${titre}”.`,
      TO_MEET: (titre, entreprise) =>
        `${entreprise} would like to meet you for “${titre}”. The recruiter will contact you to arrange an interview: keep your phone at hand.`,
      HIRED: (titre, entreprise) =>
        `Congratulations! ${entreprise} has selected you for “${titre}”. The recruiter will contact you about the next steps.`,
      REJECTED: (titre, entreprise) =>
        `Thank you for your interest in “${titre}” at ${entreprise}. After careful review, your application was not selected this time.`,
    },
    rejectedKind:
      'This says nothing about your worth: new offers are published every day, and we wish you every success in your search.',
    action: 'View my application',
    why: (platform) => `You receive this email because you applied to a job offer on ${platform}.`,
    stop: 'Stop news about my applications',
  },
  newCandidature: {
    subject: (titre) => `New application: ${titre}`,
    received: (candidat, titre) => `${candidat} applied to your offer “${titre}”.`,
    withCv: 'Their CV comes with the application.',
    contact: (email, telephone) => (telephone ? `Email: ${email} — Phone: ${telephone}` : `Email: ${email}`),
    letter: 'Their cover letter:',
    reply: (candidat) => `Reply to this email to write to ${candidat} directly.`,
    action: 'View the application',
    why: (platform) =>
      `You receive this email because you recruit for this offer on ${platform}. You can choose a daily digest or no email (notificationsCandidatures, in your profile).`,
    stop: 'Stop application emails',
  },
  candidatureDigest: {
    subject: (n) => `${n} new ${plural(n, 'application')}`,
    intro: (n) => `${n} new ${plural(n, 'application')} since your last digest:`,
    line: (candidat, titre, email) =>
      email ? `${candidat} — ${titre} (${email})` : `${candidat} — ${titre}`,
    action: 'View the applications',
  },
  unknownCandidate: 'A candidate',
  moderationDigest: {
    subject: (n) => `Moderation: ${n} ${plural(n, 'item')} waiting`,
    intro: 'Here is what waits for an administrator:',
    recruiters: (n, oldest) =>
      `${n} recruiter ${plural(n, 'account')} to approve (the oldest signed up on ${oldest})`,
    offres: (n) => `${n} ${plural(n, 'offer')} held or reported`,
    companies: (n) => `${n} new ${n > 1 ? 'companies' : 'company'} not verified yet`,
    apps: (n) => `${n} third-party ${plural(n, 'app')} (OAuth) to review`,
    recruiterLine: (nom, entreprise) => `${nom} — ${entreprise}`,
    more: (n) => `and ${n} more`,
    terminal:
      'In a terminal: recrutement recruiters pending, recrutement moderation list, recrutement integrations apps.',
    action: 'Open the administration',
    why: (platform) =>
      `You receive this email because you administer ${platform}, on the days something waits. To stop it: moderationDigest set to false (PUT /admin/account/notifications).`,
  },
  vivierInvitation: {
    subject: (nomEntreprise) => `${nomEntreprise} invites you`,
    subjectWithOffre: (nomEntreprise, titre) => `${nomEntreprise}: ${titre}`,
    offre: 'The offer:',
    consent: (nomEntreprise) =>
      `To accept or decline being in this talent pool, sign in to your candidate account. Without your consent, ${nomEntreprise} has access to no data of your account.`,
    answer: 'Accept or decline',
    why: (nomEntreprise) =>
      `You receive this message because ${nomEntreprise} added your address to its talent pool.`,
    stop: 'Stop all talent pool invitations',
  },
  trust: {
    applyingIsFree:
      'Applying is always free: no recruiter may ask you for money (file, training or medical fees, Mobile Money...). If an offer asks you for any, report it with the “Report this offer” button.',
    reasonLabel: (code) =>
      (
        ({
          FEE_REQUEST: 'fees asked of candidates (file, registration, training, medical visit, uniform)',
          PAYMENT_AMOUNT: 'an amount in FCFA to pay or send',
          MOBILE_MONEY: 'a payment by Mobile Money (MoMo, Orange Money...)',
          WHATSAPP_ONLY: 'contact on WhatsApp only',
          RESUBMITTED: 'an offer refused before, published again',
          REPORTED: 'reports from candidates',
        }) as Record<string, string>
      )[code] ?? code,
    heldSubject: (titre) => `Your offer “${titre}” is waiting for review`,
    held: (titre) =>
      `Your offer “${titre}” was not published: it seems to ask candidates for money, which the platform forbids. An administrator will review it.`,
    heldWhy: 'What our rules found:',
    heldFix:
      'If this is a mistake, there is nothing to do: the team will publish it after review. Otherwise, edit the offer and remove any request for payment.',
    releasedSubject: (titre) => `Your offer “${titre}” is published`,
    released: (titre) => `After review, your offer “${titre}” is published.`,
    rejectedSubject: (titre) => `Your offer “${titre}” was not accepted`,
    rejected: (titre) => `After review, your offer “${titre}” was not accepted and candidates cannot see it.`,
    reportedOutcomeSubject: (titre) => `Your report: “${titre}”`,
    reportedRemoved: (titre) =>
      `Thank you for your report. After review, the offer “${titre}” was removed from the platform.`,
    reportedKept: (titre) =>
      `Thank you for your report. After review, the offer “${titre}” stays online: we found no problem with it.`,
    domainSubject: 'Confirm your company address',
    domain: (nomEntreprise, domain) =>
      `To show ${nomEntreprise} as a verified employer, confirm that you receive the emails of ${domain}. This link is valid for 7 days.`,
    domainAction: 'Confirm the address',
    withdrawnSubject: 'Your company’s verification was withdrawn',
    withdrawn: (nomEntreprise) =>
      `An administrator withdrew the verification of ${nomEntreprise}: your offers no longer show “verified employer”.`,
  },
};
