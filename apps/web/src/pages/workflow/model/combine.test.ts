import { describe, expect, it } from 'vitest';
import { combineLayout, planCombine, storeCombined } from './combine';
import { documentOf, node } from './test-support';

describe('COMBINE', () => {
  it('lays 2, 3, 4 pictures out as dual, triple, quad and more as a grid', () => {
    expect([2, 3, 4, 5, 9].map(combineLayout)).toEqual(['dual', 'triple', 'quad', 'grid', 'grid']);
  });

  it('combines the pictures of the enabled nodes connected into it', () => {
    const document = documentOf(
      [
        node('combine', 'c'),
        node('source', 'a', { image: '/api/media/uploads/a.jpg' }),
        node('result', 'b', {
          images: ['/api/media/results/b0.jpg', '/api/media/results/b1.jpg'],
          activeImageIndex: 1,
        }),
        node('source', 'off', { image: '/api/media/uploads/off.jpg', isEnabled: false }),
        node('style', 'no-picture'),
      ],
      [
        ['a', 'c'],
        ['b', 'c'],
        ['off', 'c'],
        ['no-picture', 'c'],
      ],
    );
    expect(planCombine(document, 'c')).toEqual({
      ok: true,
      plan: {
        imageUrls: ['/api/media/uploads/a.jpg', '/api/media/results/b1.jpg'],
        importance: [1, 1],
        layout: 'dual',
      },
    });
    expect(storeCombined(document, 'c', '/api/media/composites/x.jpg').nodes[0]).toMatchObject({
      combinedImage: '/api/media/composites/x.jpg',
      combinedImagePath: '/api/media/composites/x.jpg',
    });
  });

  it('asks for at least two pictures', () => {
    const document = documentOf(
      [node('combine', 'c'), node('source', 'a', { image: '/api/media/uploads/a.jpg' })],
      [['a', 'c']],
    );
    expect(planCombine(document, 'c')).toEqual({
      ok: false,
      error: 'Connectez au moins 2 images au nœud COMBINE pour les fusionner',
    });
  });
});
