export const MAX_IDS_PER_DELETE = 200;

export const galleryMessages = {
  notYourGallery: 'Vous ne pouvez consulter que votre propre galerie.',
  itemNotFound: 'Image introuvable.',
  invalidResultPath: "L'adresse de l'image transformée est invalide.",
  resultNotFound: 'Seuls les résultats de vos propres transformations peuvent être enregistrés.',
  originalNotFound: "L'image d'origine est introuvable ou inaccessible.",
  invalidFavorite: 'La valeur « isFavorite » doit être vraie ou fausse.',
  invalidIdList: 'La liste des images à supprimer est invalide.',
  tooManyIds: `Vous pouvez supprimer au plus ${MAX_IDS_PER_DELETE} images à la fois.`,
  tooLong: (field: string, max: number) => `${field} : ${max} caractères au maximum.`,
} as const;
