/**
 * The app's places, each with the one name every menu, title and link gives it. Plain data: the
 * landing page (loaded without the router or the data clients) reads it too.
 */
export const PLACES = {
  studio: { path: '/transform', label: 'Studio' },
  gallery: { path: '/gallery', label: 'Galerie' },
  library: { path: '/image-library', label: "Bibliothèque d'images" },
  workflow: { path: '/workflow', label: 'Éditeur de workflows' },
  feed: { path: '/#community', label: 'Feed public' },
  account: { path: '/account', label: 'Mon compte' },
} as const;
