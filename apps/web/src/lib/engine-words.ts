import type { EngineName } from './engine-name';

// Apart from engine-name.ts: the landing downloads the taglines, never these.

/** What the app's pages say of the engine that serves: nothing its results do not show. */
interface EngineWords {
  /** The home page's promise, under its title. */
  homeIntro: string;
  /** The sign-in panel's line under the brand (AuthPage lists what it does beside). */
  signInTitle: string;
  /** Under a public post: what a visitor may do with their own photos. */
  invite: string;
  /** The badge on a result in the studio's strip. */
  resultBadge: string;
}

export const ENGINE_WORDS: Readonly<Record<EngineName, EngineWords>> = {
  local: {
    homeIntro:
      'Styles artistiques, lumières, cadrages et formats : choisissez, lancez, et retrouvez votre création dans votre galerie.',
    signInTitle: 'Vos photos, dessinées, éclairées et recadrées.',
    invite: 'Retouchez et mettez en scène vos propres photos avec Atelier.',
    resultBadge: 'Rendu',
  },
  replicate: {
    homeIntro:
      'Styles artistiques, personnages, décors et lumières : choisissez, lancez, et retrouvez votre création dans votre galerie.',
    signInTitle: "Vos photos, transformées par l'IA.",
    invite: 'Transformez vos propres photos par IA avec Atelier.',
    resultBadge: 'IA',
  },
};
