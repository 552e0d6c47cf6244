/**
 * Email: the outbox, the layout, the message catalogue and the templates, and the sending of due
 * emails. The public face of the area: other areas import only this file.
 */
export type { MailCatalogue } from './catalogue/fr.ts';
export { mailText } from './catalogue/mail-text.ts';
export { emailLink, type EmailMessage, enqueueEmail, enqueueEmails, simpleEmail } from './enqueue-email.ts';
export type { EmailBlock, EmailCard } from './layout.ts';
export { sendAllowance, type SendAllowance } from './send-counts.ts';
export { companyOwnershipTransferredEmail } from './templates/company-ownership-transferred.ts';
export { emailValidationEmail } from './templates/email-validation.ts';
export { passwordResetEmail } from './templates/password-reset.ts';
export { privacyInactivityNoticeEmail } from './templates/privacy-inactivity-notice.ts';
export { recruiterApprovedEmail } from './templates/recruiter-approved.ts';
export { recruiterInvitationExistingAccountEmail } from './templates/recruiter-invitation-existing-account.ts';
export { recruiterInvitationEmail } from './templates/recruiter-invitation.ts';
export { recruiterReactivatedEmail } from './templates/recruiter-reactivated.ts';
export { recruiterRejectedEmail } from './templates/recruiter-rejected.ts';
export { recruiterSuspendedEmail } from './templates/recruiter-suspended.ts';
export { webhookDeadLetterEmail } from './templates/webhook-dead-letter.ts';
export { webhookDisabledEmail } from './templates/webhook-disabled.ts';
