/** The ledger's kinds of entry (its `reason`), as the console names them; an unknown one shows as is. */
const CREDIT_KINDS: Record<string, string> = {
  purchase: 'Achats de crédits',
  subscription: 'Abonnements',
  launch_offer: 'Offre de lancement',
  discovery_offer: 'Offre Découverte',
  transformation: 'Images générées',
  video: 'Vidéos générées',
  admin_adjustment: "Ajustements de l'équipe",
};

const JOB_STATUSES: Record<string, string> = {
  queued: 'en attente',
  running: 'en cours',
  succeeded: 'réussie',
  failed: 'échouée',
  canceled: 'annulée',
};

export const creditKindLabel = (reason: string) => CREDIT_KINDS[reason] ?? reason;
export const jobStatusLabel = (status: string) => JOB_STATUSES[status] ?? status;
