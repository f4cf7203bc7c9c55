export const feedMessages = {
  postNotFound: 'Publication introuvable.',
  likeNeedsAccount: 'Connexion requise : connectez-vous pour liker les posts.',
  invalidLiked: 'La valeur « liked » doit être vraie ou fausse.',
  invalidWithOriginal: 'La valeur « withOriginal » doit être vraie ou fausse.',
} as const;
