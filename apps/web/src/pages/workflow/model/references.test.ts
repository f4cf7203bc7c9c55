import { describe, expect, it } from 'vitest';
import { importances, REFERENCE_SLOTS, withImportances } from './references';

describe('reference images', () => {
  it('start at 0.8 for the face, 0.7 the body, 0.6 the environment, 0.5 the style', () => {
    expect(REFERENCE_SLOTS.map((slot) => [slot.id, slot.importance])).toEqual([
      ['face', 0.8],
      ['body', 0.7],
      ['environment', 0.6],
      ['style', 0.5],
    ]);
    expect(importances({ body: { image: '/a.jpg', importance: 0.3 } })).toEqual({
      face: 0.8,
      body: 0.3,
      environment: 0.6,
      style: 0.5,
    });
  });

  it('keep the slots that have a picture, with their importance', () => {
    expect(
      withImportances({ face: '/f.jpg', style: '/s.jpg' }, { face: 1, body: 0.7, environment: 0.6, style: 0.2 }),
    ).toEqual({
      face: { image: '/f.jpg', importance: 1 },
      style: { image: '/s.jpg', importance: 0.2 },
    });
  });
});
