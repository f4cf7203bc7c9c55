import { describe, expect, it } from 'vitest';
import { withComponentColor, withElementColor } from './color-choices';

describe('element and component colours', () => {
  it('sets the colour of a whole option, keeping the other choices', () => {
    const colors = withElementColor({ global: 'red' }, 'clothing', 'suit', 'navy');
    expect(colors).toEqual({ global: 'red', elements: { clothing: { suit: 'navy' } } });
    expect(withElementColor(colors, 'environment', 'forest', 'green')).toEqual({
      global: 'red',
      elements: { clothing: { suit: 'navy' }, environment: { forest: 'green' } },
    });
  });

  it('sets the colour of one part of an option beside its other parts', () => {
    const jacket = withComponentColor({}, 'clothing', 'suit', 'jacket', 'black');
    expect(withComponentColor(jacket, 'clothing', 'suit', 'shirt', 'white')).toEqual({
      components: { clothing: { suit: { jacket: 'black', shirt: 'white' } } },
    });
  });

  it('removes a cleared colour and leaves no empty maps behind', () => {
    const colors = withComponentColor(
      withElementColor({ global: 'red' }, 'clothing', 'suit', 'navy'),
      'clothing',
      'suit',
      'jacket',
      'black',
    );
    expect(
      withComponentColor(
        withElementColor(colors, 'clothing', 'suit', undefined),
        'clothing',
        'suit',
        'jacket',
        undefined,
      ),
    ).toEqual({ global: 'red' });
    expect(withElementColor({}, 'style', 'anime', undefined)).toEqual({});
  });
});
