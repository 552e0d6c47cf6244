/**
 * Every sentence of every email, in French (the default language). The English catalogue (en.ts)
 * has this exact shape, so a key missing there does not typecheck. Values that carry data are
 * functions of it; nothing else in the code writes a sentence of an email.
 */

const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Douala' });
const plural = (n: number, word: string) => `${word}${n > 1 ? 's' : ''}`;
const xafNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const xaf = (n: number) => xafNumber.format(n);

export const fr = {
  layout: {
    lang: 'fr',
    platform: 'Recrutement Cameroun',
    footerAccount: (platform: string) =>
      `Vous recevez cet email au sujet de votre compte sur ${platform}. Pour toute question, répondez à ce message.`,
  },
  common: {
    greeting: (prenom: string | null) => (prenom ? `Bonjour ${prenom},` : 'Bonjour,'),
    /** The call to action of a plain-text email. */
    linkLine: (label: string, url: string) => `${label} : ${url}`,
    reason: (reason: string) => `Motif : ${reason}`,
    questions: 'Pour toute question, répondez à ce message.',
    date: (d: Date) => longDate.format(d),
    viewOffre: 'Voir l’offre',
  },
  emailValidation: {
    subject: 'Confirmez votre adresse email',
    thanks: 'Merci pour votre inscription. Confirmez votre adresse email pour activer votre compte.',
    validity:
      'Ce lien est valable 48 heures. Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.',
    action: 'Confirmer mon adresse email',
  },
  passwordReset: {
    subject: 'Réinitialisation de votre mot de passe',
    requested:
      'Vous avez demandé la réinitialisation de votre mot de passe. Ce lien est valable 1 heure et ne peut servir qu’une fois.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    action: 'Choisir un nouveau mot de passe',
  },
  recruiterApproved: {
    subject: 'Votre compte recruteur est validé',
    approved: (nomEntreprise: string) =>
      `Votre compte recruteur pour ${nomEntreprise} a été validé par notre équipe.`,
    next: 'Vous pouvez dès maintenant publier des offres et gérer vos candidatures.',
    action: 'Me connecter',
  },
  recruiterRejected: {
    subject: 'Votre demande de compte recruteur',
    rejected: 'Après examen, votre demande de compte recruteur n’a pas été acceptée.',
  },
  recruiterSuspended: {
    subject: 'Votre compte recruteur est suspendu',
    suspended: 'Votre compte recruteur a été suspendu : vous ne pouvez plus vous connecter pour le moment.',
  },
  recruiterReactivated: {
    subject: 'Votre compte recruteur est réactivé',
    reactivated: 'Votre compte recruteur est de nouveau actif. Vous pouvez vous reconnecter.',
  },
  recruiterInvitation: {
    subject: (nomEntreprise: string) => `Invitation à rejoindre ${nomEntreprise}`,
    invited: (invitedBy: string, nomEntreprise: string) =>
      `${invitedBy} vous invite à rejoindre l’équipe de recrutement de ${nomEntreprise}.`,
    code: (validDays: number, token: string) =>
      `Votre code d’invitation (valable ${validDays} jours, utilisable une fois) : ${token}`,
    ignore: 'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
    action: 'Créer mon compte recruteur',
    existingAccount: (invitedBy: string, nomEntreprise: string) =>
      `${invitedBy} a voulu vous inviter dans l’équipe de recrutement de ${nomEntreprise}, mais cette adresse a déjà un compte sur la plateforme, et une adresse ne sert qu’à un seul compte. Pour rejoindre cette équipe, demandez une invitation à une autre adresse.`,
  },
  ownershipTransferred: {
    subject: (nomEntreprise: string) => `Vous gérez désormais ${nomEntreprise}`,
    transferred: (previousOwner: string, nomEntreprise: string) =>
      `${previousOwner} vous a transféré la gestion de ${nomEntreprise} : vous en êtes désormais le propriétaire (OWNER).`,
    next: 'Vous pouvez modifier la fiche de l’entreprise, inviter des recruteurs et transférer à nouveau ce rôle.',
  },
  privacyNotice: {
    subject: 'Votre compte sera bientôt supprimé pour inactivité',
    inactive: (lastActivity: string, anonymiseAfter: string) =>
      `Votre compte candidat n’a pas été utilisé depuis le ${lastActivity}. Sans connexion, candidature ou modification de votre profil d’ici le ${anonymiseAfter}, il sera supprimé : vos candidatures resteront chez les recruteurs sous forme anonyme.`,
    keep: 'Pour garder votre compte, il suffit de vous connecter.',
    action: 'Me connecter',
  },
  webhookDeadLetter: {
    subject: (eventType: string) => `Webhook en échec : ${eventType}`,
    failed: (eventType: string, eventId: string, url: string, attempts: number) =>
      `Nous n’avons pas pu livrer l’événement ${eventType} (${eventId}) à votre webhook ${url} après ${attempts} tentatives.`,
    lastError: (error: string | null) => `Dernière erreur : ${error ?? 'inconnue'}.`,
    replay: (deliveryId: number, subscriptionId: number, replayPath: string) =>
      `La livraison ${deliveryId} (abonnement ${subscriptionId}) est maintenant en file d’attente des échecs (DEAD). ` +
      `Une fois votre point d’accès rétabli, relancez-la avec POST ${replayPath}.`,
  },
  webhookDisabled: {
    subject: (url: string) => `Webhook désactivé : ${url}`,
    gone: (url: string) => `votre point d’accès ${url} a répondu 410 Gone`,
    failing: (url: string) => `toutes les livraisons vers ${url} échouent depuis 5 jours`,
    disabled: (subscriptionId: number, why: string) =>
      `Nous avons désactivé votre abonnement webhook ${subscriptionId} : ${why}.`,
    enable: (enablePath: string) =>
      `Pour le réactiver : POST ${enablePath}. Les livraisons passées en échec (DEAD) entre-temps peuvent être relancées.`,
  },
  alertConfirmation: {
    subject: 'Confirmez votre alerte emploi',
    requested: (keywords: string) =>
      `Vous avez demandé à recevoir par email les nouvelles offres d’emploi correspondant à « ${keywords} ».`,
    validity: (validDays: number) =>
      `Confirmez-la pour commencer à la recevoir : ce lien est valable ${validDays} jours.`,
    action: 'Confirmer mon alerte',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : aucune alerte ne sera envoyée.',
    why: (platform: string) =>
      `Vous recevez cet email car une alerte emploi a été demandée pour cette adresse sur ${platform}.`,
    stop: 'Sans confirmation, vous ne recevrez rien d’autre de notre part.',
  },
  jobAlert: {
    subject: (n: number, keywords: string) =>
      `${n} ${plural(n, 'nouvelle')} ${plural(n, 'offre')} : ${keywords}`,
    intro: (n: number, keywords: string) =>
      `${n} ${plural(n, 'nouvelle')} ${plural(n, 'offre')} pour votre alerte « ${keywords} » :`,
    more: (n: number) => `… et ${n} ${plural(n, 'autre')} ${plural(n, 'offre')}.`,
    /** The monthly salary of an offer, whichever bounds it has; null without any. */
    salary: (min: number | null, max: number | null) => {
      if (min !== null && max !== null && min !== max) return `${xaf(min)} à ${xaf(max)} FCFA par mois`;
      if (min !== null) return `${max === min ? '' : 'à partir de '}${xaf(min)} FCFA par mois`;
      return max === null ? null : `jusqu’à ${xaf(max)} FCFA par mois`;
    },
    unsubscribeAction: 'Ne plus recevoir cette alerte',
    why: (keywords: string, platform: string) =>
      `Vous recevez cet email car votre adresse est inscrite à l’alerte emploi « ${keywords} » sur ${platform}. Postuler est toujours gratuit : si une offre vous demande de l’argent, signalez-la avec « Signaler cette offre ».`,
  },
  candidatureReceived: {
    subject: (titre: string) => `Candidature envoyée : ${titre}`,
    received: (titre: string, entreprise: string) =>
      `Votre candidature au poste « ${titre} » chez ${entreprise} a bien été transmise au recruteur.`,
    next: 'Nous vous écrirons à chaque étape importante : étude de votre dossier, entretien, réponse finale.',
    action: 'Suivre mes candidatures',
    why: (platform: string) => `Vous recevez cet email car vous avez postulé à une offre sur ${platform}.`,
    stop: 'Ne plus recevoir les confirmations de candidature',
  },
  candidatureStatus: {
    subject: {
      IN_PROGRESS: (titre: string) => `Votre candidature est à l’étude : ${titre}`,
      TO_MEET: (titre: string) => `Invitation à un entretien : ${titre}`,
      HIRED: (titre: string) => `Félicitations ! ${titre}`,
      REJECTED: (titre: string) => `Votre candidature : ${titre}`,
    },
    body: {
      IN_PROGRESS: (titre: string, entreprise: string) =>
        `Bonne nouvelle : ${entreprise} étudie votre candidature au poste « ${titre} ».`,
      TO_MEET: (titre: string, entreprise: string) =>
        `${entreprise} souhaite vous rencontrer pour le poste « ${titre} ». Le recruteur vous contactera pour convenir d’un entretien : gardez votre téléphone à portée de main.`,
      HIRED: (titre: string, entreprise: string) =>
        `Félicitations ! ${entreprise} a retenu votre candidature au poste « ${titre} ». Le recruteur vous contactera pour la suite.`,
      REJECTED: (titre: string, entreprise: string) =>
        `Merci de l’intérêt que vous avez porté au poste « ${titre} » chez ${entreprise}. Après un examen attentif, votre candidature n’a pas été retenue cette fois-ci.`,
    },
    rejectedKind:
      'Ce choix ne dit rien de votre valeur : de nouvelles offres sont publiées chaque jour, et nous vous souhaitons pleine réussite dans vos recherches.',
    action: 'Voir ma candidature',
    why: (platform: string) => `Vous recevez cet email car vous avez postulé à une offre sur ${platform}.`,
    stop: 'Ne plus recevoir les nouvelles de mes candidatures',
  },
  newCandidature: {
    subject: (titre: string) => `Nouvelle candidature : ${titre}`,
    received: (candidat: string, titre: string) => `${candidat} a postulé à votre offre « ${titre} ».`,
    withCv: 'Son CV est joint à la candidature.',
    contact: (email: string, telephone: string | null) =>
      telephone ? `Email : ${email} — Téléphone : ${telephone}` : `Email : ${email}`,
    letter: 'Sa lettre de motivation :',
    reply: (candidat: string) => `Répondez à cet email pour écrire directement à ${candidat}.`,
    action: 'Voir la candidature',
    why: (platform: string) =>
      `Vous recevez cet email car vous recrutez pour cette offre sur ${platform}. Vous pouvez choisir un résumé quotidien ou aucun email (notificationsCandidatures, dans votre profil).`,
    stop: 'Ne plus recevoir les emails de candidature',
  },
  candidatureDigest: {
    subject: (n: number) => `${n} ${plural(n, 'nouvelle')} ${plural(n, 'candidature')}`,
    intro: (n: number) =>
      `${n} ${plural(n, 'nouvelle')} ${plural(n, 'candidature')} depuis votre dernier résumé :`,
    line: (candidat: string, titre: string, email: string | null) =>
      email ? `${candidat} — ${titre} (${email})` : `${candidat} — ${titre}`,
    action: 'Voir les candidatures',
  },
  unknownCandidate: 'Un candidat',
  moderationDigest: {
    subject: (n: number) => `Modération : ${n} ${plural(n, 'élément')} en attente`,
    intro: 'Voici ce qui attend un administrateur :',
    recruiters: (n: number, oldest: string) =>
      `${n} ${plural(n, 'compte')} ${plural(n, 'recruteur')} à valider (le plus ancien inscrit le ${oldest})`,
    offres: (n: number) =>
      `${n} ${plural(n, 'offre')} ${n > 1 ? 'retenues ou signalées' : 'retenue ou signalée'}`,
    companies: (n: number) =>
      `${n} ${n > 1 ? 'nouvelles entreprises' : 'nouvelle entreprise'} sans vérification`,
    apps: (n: number) => `${n} ${plural(n, 'application')} ${plural(n, 'tierce')} (OAuth) à examiner`,
    recruiterLine: (nom: string, entreprise: string) => `${nom} — ${entreprise}`,
    more: (n: number) => `et ${n} de plus`,
    terminal:
      'Dans un terminal : recrutement recruiters pending, recrutement moderation list, recrutement integrations apps.',
    action: 'Ouvrir l’administration',
    why: (platform: string) =>
      `Vous recevez cet email car vous administrez ${platform}, les jours où quelque chose attend. Pour ne plus le recevoir : moderationDigest à false (PUT /admin/account/notifications).`,
  },
  vivierInvitation: {
    subject: (nomEntreprise: string) => `${nomEntreprise} vous invite`,
    subjectWithOffre: (nomEntreprise: string, titre: string) => `${nomEntreprise} : ${titre}`,
    offre: 'L’offre proposée :',
    consent: (nomEntreprise: string) =>
      `Pour accepter ou refuser de figurer dans ce vivier, connectez-vous à votre compte candidat. Sans votre accord, ${nomEntreprise} n'a accès à aucune donnée de votre compte.`,
    answer: 'Accepter ou refuser',
    why: (nomEntreprise: string) =>
      `Vous recevez ce message car ${nomEntreprise} a ajouté votre adresse à son vivier de talents.`,
    stop: 'Ne plus recevoir d’invitation de vivier',
  },
  trust: {
    applyingIsFree:
      'Postuler est toujours gratuit : aucun recruteur ne doit vous demander d’argent (frais de dossier, de formation, de visite médicale, Mobile Money...). Si une offre vous en demande, signalez-la avec le bouton « Signaler cette offre ».',
    reasonLabel: (code: string) =>
      (
        ({
          FEE_REQUEST:
            'des frais demandés aux candidats (dossier, inscription, formation, visite médicale, tenue)',
          PAYMENT_AMOUNT: 'un montant en FCFA à payer ou à envoyer',
          MOBILE_MONEY: 'un paiement par Mobile Money (MoMo, Orange Money...)',
          WHATSAPP_ONLY: 'un contact uniquement par WhatsApp',
          RESUBMITTED: 'une offre déjà refusée, publiée à nouveau',
          REPORTED: 'des signalements de candidats',
        }) as Record<string, string>
      )[code] ?? code,
    heldSubject: (titre: string) => `Votre offre « ${titre} » est en attente de vérification`,
    held: (titre: string) =>
      `Votre offre « ${titre} » n’a pas été publiée : elle semble demander de l’argent aux candidats, ce que la plateforme interdit. Un administrateur va la relire.`,
    heldWhy: 'Ce que nos règles ont relevé :',
    heldFix:
      'Si c’est une erreur, vous n’avez rien à faire : l’équipe la publiera après vérification. Sinon, modifiez l’offre et retirez toute demande de paiement.',
    releasedSubject: (titre: string) => `Votre offre « ${titre} » est publiée`,
    released: (titre: string) => `Après vérification, votre offre « ${titre} » est publiée.`,
    rejectedSubject: (titre: string) => `Votre offre « ${titre} » n’a pas été acceptée`,
    rejected: (titre: string) =>
      `Après vérification, votre offre « ${titre} » n’a pas été acceptée et n’est pas visible des candidats.`,
    reportedOutcomeSubject: (titre: string) => `Votre signalement : « ${titre} »`,
    reportedRemoved: (titre: string) =>
      `Merci pour votre signalement. Après vérification, l’offre « ${titre} » a été retirée de la plateforme.`,
    reportedKept: (titre: string) =>
      `Merci pour votre signalement. Après vérification, l’offre « ${titre} » reste en ligne : nous n’y avons pas trouvé de problème.`,
    domainSubject: 'Confirmez l’adresse de votre entreprise',
    domain: (nomEntreprise: string, domain: string) =>
      `Pour afficher ${nomEntreprise} comme employeur vérifié, confirmez que vous recevez les emails de ${domain}. Ce lien est valable 7 jours.`,
    domainAction: 'Confirmer l’adresse',
    withdrawnSubject: 'La vérification de votre entreprise est retirée',
    withdrawn: (nomEntreprise: string) =>
      `Un administrateur a retiré la vérification de ${nomEntreprise} : vos offres ne portent plus la mention « employeur vérifié ».`,
  },
};

export type MailCatalogue = typeof fr;
