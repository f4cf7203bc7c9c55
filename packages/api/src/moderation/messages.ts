import { REPORT_REASONS } from '@atelier/db';

export const moderationMessages = {
  unknownReason: `Motif inconnu : ${REPORT_REASONS.map((reason) => `« ${reason} »`).join(', ')}`,
  invalidDetails: 'Les précisions doivent être un texte.',
  detailsTooLong: 'Les précisions ne peuvent pas dépasser 1000 caractères.',
  reportReceived:
    "Merci : votre signalement a été transmis à l'équipe de modération, qui l'examinera dans les meilleurs délais.",
  reportNotFound: 'Signalement introuvable.',
  alreadyDecided: 'Ce signalement a déjà été traité.',
  unknownAction: 'Action inconnue : « hide » ou « dismiss »',
  statementRequired: 'Motivez la décision (de 1 à 2000 caractères).',
  postNotHidden: "Cette publication n'est pas masquée par la modération.",
  reviewAlreadyAsked: 'Vous avez déjà demandé le réexamen de cette décision.',
  hiddenCannotBePublished:
    'Cette publication a été masquée par la modération : elle ne peut pas être republiée. Vous pouvez demander un réexamen depuis votre galerie.',
} as const;
