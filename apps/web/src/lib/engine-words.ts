/** The image engine a service runs: the local one draws, retouches and composes; only the cloud one generates. */
export type EngineName = 'local' | 'replicate';

/** The engine a server names (`media.engine`); the local one, the default, until it is known. */
export const engineNameOf = (engine: string | null | undefined): EngineName =>
  engine === 'replicate' ? 'replicate' : 'local';

/** Under the brand, in the footer and on the home page's badge: apart, as the landing needs no other words. */
export const ENGINE_TAGLINES: Readonly<Record<EngineName, string>> = {
  local: 'Retouche et mise en scène de photos',
  replicate: 'Transformations photo par IA',
};

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
