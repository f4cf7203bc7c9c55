/**
 * The app's places, each with the one name every menu, title and link gives it. Plain data: the
 * landing page (loaded without the router or the data clients) reads the legal pages from here too.
 */
export const PLACES = {
  studio: { path: '/transform', label: 'Studio' },
  gallery: { path: '/gallery', label: 'Galerie' },
  library: { path: '/image-library', label: "Bibliothèque d'images" },
  workflow: { path: '/workflow', label: 'Éditeur de workflows' },
  feed: { path: '/#community', label: 'Feed public' },
  account: { path: '/account', label: 'Mon compte' },
} as const;

export const LEGAL_PAGES = [
  { path: '/mentions-legales', label: 'Mentions légales' },
  { path: '/cgu', label: 'CGU / CGV' },
  { path: '/confidentialite', label: 'Confidentialité' },
  { path: '/contact', label: 'Contact' },
] as const;
