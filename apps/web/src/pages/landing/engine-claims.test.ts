import { CLOUD_ONLY_CATEGORIES } from '@atelier/catalog';
import { describe, expect, it } from 'vitest';
import { ENGINE_TAGLINES } from '../../lib/engine-name';
import { ENGINE_WORDS } from '../../lib/engine-words';
import { ENGINE_PROMISES, FEATURES, processSteps } from './content';

/** Every sentence the pages say of the local engine: its words, its promise, its steps and features. */
function localTexts(): string[] {
  const words = ENGINE_WORDS.local;
  const promise = ENGINE_PROMISES.local;
  return [
    ENGINE_TAGLINES.local,
    words.homeIntro,
    words.signInTitle,
    words.invite,
    words.resultBadge,
    promise.headline,
    promise.intro,
    ...[...promise.howItWorks, ...processSteps('local'), ...promise.features].flatMap(({ title, description }) => [
      title,
      description,
    ]),
  ];
}

describe('what the pages claim of the local engine', () => {
  it('never says it generates or transforms by AI: it draws, retouches and composes', () => {
    const claims = localTexts().filter((text) =>
      /(par|de) l['’]IA|par IA|Génération IA|\bIA\b(?! générative)|instantan/i.test(text),
    );
    expect(claims).toEqual([]);
  });

  it('names only the families of transformations whose options it offers', () => {
    const offered = ENGINE_PROMISES.local.features.map(({ category }) => category);
    expect(offered.filter((category) => category in CLOUD_ONLY_CATEGORIES)).toEqual([]);
    expect(offered.length).toBeGreaterThan(0);
    // The cloud engine renders every category: all the families.
    expect(ENGINE_PROMISES.replicate.features).toEqual(FEATURES);
  });
});
