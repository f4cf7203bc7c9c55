export const subscriptionMessages = {
  unknownPlan: "Cette formule n'existe pas. Choisissez Essentiel, Avancé ou Premium.",
  samePlan: 'Vous êtes déjà abonné à cette formule.',
  refused: "Impossible de créer l'abonnement. Réessayez dans quelques instants.",
  checkFailed: "Impossible de vérifier l'abonnement auprès du service de paiement.",
  noSubscription: "Vous n'avez pas d'abonnement en cours.",
  notCancelling: "Votre abonnement n'est pas en cours d'annulation.",
  changeFailed: "Impossible de modifier l'abonnement. Réessayez dans quelques instants.",
  portalFailed: "Impossible d'ouvrir l'espace de paiement. Réessayez dans quelques instants.",
  busy: 'Une autre demande sur votre abonnement est en cours. Réessayez dans un instant.',
} as const;
