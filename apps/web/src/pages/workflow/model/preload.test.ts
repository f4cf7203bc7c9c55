import { describe, expect, it } from 'vitest';
import { createPreloader, PRELOAD_CACHE_MS } from './preload';

/** A loader whose loads finish when the test says so. */
function controlledLoader() {
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const started: string[] = [];
  const load = (url: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(url);
      pending.set(url, { resolve, reject });
    });
  return { load, started, pending };
}

describe('image preloading', () => {
  it('loads three pictures at a time at most and starts the next when one ends', async () => {
    const loader = controlledLoader();
    const preloader = createPreloader({ load: loader.load });
    const done = ['a', 'b', 'c', 'd', 'e'].map((url) => preloader.preload(url));
    expect(loader.started).toEqual(['a', 'b', 'c']);
    loader.pending.get('a')!.resolve();
    await done[0];
    await Promise.resolve();
    expect(loader.started).toEqual(['a', 'b', 'c', 'd']);
    expect(preloader.active()).toBe(3);
  });

  it('loads a picture once per 10 minutes, and again after a failure', async () => {
    let now = 0;
    const loader = controlledLoader();
    const preloader = createPreloader({ load: loader.load, now: () => now });
    const first = preloader.preload('a');
    loader.pending.get('a')!.resolve();
    await first;
    await preloader.preload('a');
    expect(loader.started).toEqual(['a']);
    now = PRELOAD_CACHE_MS;
    void preloader.preload('a');
    expect(loader.started).toEqual(['a', 'a']);

    const failing = preloader.preload('b');
    loader.pending.get('b')!.reject(new Error('404'));
    await expect(failing).rejects.toThrow('404');
    void preloader.preload('b');
    expect(loader.started.filter((url) => url === 'b')).toHaveLength(2);
  });
});
