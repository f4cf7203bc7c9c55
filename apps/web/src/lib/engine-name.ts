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
