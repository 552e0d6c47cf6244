/**
 * Email: the outbox, the layout, the message catalogue and the templates, and the sending of due
 * emails. The public face of the area: other areas import only this file.
 */
export type { MailCatalogue } from './catalogue/fr.ts';
export { mailText } from './catalogue/mail-text.ts';
export { emailLink, type EmailMessage, enqueueEmail, enqueueEmails, simpleEmail } from './enqueue-email.ts';
export type { EmailBlock, EmailCard } from './layout.ts';
export { sendAllowance, type SendAllowance } from './send-counts.ts';
export { entrepriseOwnershipTransferredEmail } from './templates/entreprise-ownership-transferred.ts';
export { emailValidationEmail } from './templates/email-validation.ts';
export { passwordResetEmail } from './templates/password-reset.ts';
export { privacyInactivityNoticeEmail } from './templates/privacy-inactivity-notice.ts';
export { recruteurApprovedEmail } from './templates/recruteur-approved.ts';
export { recruteurInvitationExistingAccountEmail } from './templates/recruteur-invitation-existing-account.ts';
export { recruteurInvitationEmail } from './templates/recruteur-invitation.ts';
export { recruteurReactivatedEmail } from './templates/recruteur-reactivated.ts';
export { recruteurRejectedEmail } from './templates/recruteur-rejected.ts';
export { recruteurSuspendedEmail } from './templates/recruteur-suspended.ts';
export { webhookDeadLetterEmail } from './templates/webhook-dead-letter.ts';
export { webhookDisabledEmail } from './templates/webhook-disabled.ts';
