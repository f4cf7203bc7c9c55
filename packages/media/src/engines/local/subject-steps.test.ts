import { getOption, type CategoryId } from '@atelier/catalog';
import { describe, expect, it } from 'vitest';
import { photo } from '../../../test/support/images';
import { cameraMoveOf } from './camera';
import { framingOf } from './geometry';
import type { Choice } from './recipes';
import { subjectPlan } from './subject-steps';

const header = { width: 1600, height: 1200 };

function planOf(...picked: [CategoryId, string][]) {
  const choices: Choice[] = picked.map(([category, id]) => {
    const option = getOption(category, id);
    if (!option) throw new Error(`no option ${category}/${id}`);
    return { category, option };
  });
  const camera = choices.find(({ category }) => category === 'camera');
  return subjectPlan({
    header,
    choices,
    colors: {},
    move: camera && cameraMoveOf(camera.option.id),
    framing: framingOf(choices, header),
  });
}

const namesOf = (plan: ReturnType<typeof planOf>) => plan.steps.map(({ name }) => name);

describe('the subject steps a selection takes', () => {
  it('a style alone works on nothing of the person, so the picture is not analysed', () => {
    const plan = planOf(['style', 'watercolor']);
    expect(namesOf(plan)).toEqual([]);
    expect(plan.needs).toEqual({ matte: false, faces: false });
  });

  it('relights before the background is blurred and the format is cut, reading both the matte and the faces', () => {
    const plan = planOf(['format', 'square-1-1'], ['camera', 'bokeh'], ['lighting', 'golden-hour']);
    expect(namesOf(plan)).toEqual(['light', 'bokeh', 'format']);
    expect(plan.needs).toEqual({ matte: true, faces: true });
  });

  it('a shot with a format cuts one window, in the format’s shape, from the faces alone', () => {
    const plan = planOf(['format', 'square-1-1'], ['camera', 'close-up']);
    expect(namesOf(plan)).toEqual(['shot']);
    expect(plan.needs).toEqual({ matte: false, faces: true });
  });

  it('a lens needs nothing of the person', () => {
    const plan = planOf(['camera', 'fisheye']);
    expect(namesOf(plan)).toEqual(['lens']);
    expect(plan.needs).toEqual({ matte: false, faces: false });
  });

  it('a format on a photo without a face leaves the cut to the render', async () => {
    const picture = await photo(160, 120);
    const [format] = planOf(['format', 'square-1-1']).steps;
    const nobody = { width: 160, height: 120, person: null, faces: [], pose: null };
    expect(await format?.run(picture, nobody)).toBe(picture);
  });
});
