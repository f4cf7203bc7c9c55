import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getOption, getOptions } from '@atelier/catalog';
import type { Choice } from '../local/recipes';
import { chooseModels, findModel, priceUsd, type CameraMove } from './models';
import { dearestUsd, planGeneration, type Plan } from './planner';
import { CAMERA_ROUTES } from './routes';

const models = chooseModels();
const size = { width: 1024, height: 768 };
const camera = (id: string): Choice => ({ category: 'camera', option: getOption('camera', id)! });
const planFor = (choice: Choice): Plan =>
  planGeneration({ choices: [choice], text: '', references: [], size, seed: 1 }, models);
const askOf = (plan: Plan, role: 'edit' | 'viewpoint') =>
  plan.steps.find((step) => step.role === role)?.ask({ picture: size, sent: size, frame: size });

/**
 * The directive qwen-edit-multiangle writes from its numbers before our prompt (its public source):
 * the degrees, "move forward" from 1 to 5, "close-up" above 5, a bird's-eye view at tilt -1, a
 * worm's-eye view at 1, a wide-angle lens.
 */
function directive({ rotateDegrees, forward, tilt, wideAngle }: CameraMove): string {
  const zoom = forward > 5 ? 'close-up' : forward >= 1 ? 'forward' : '';
  const height = tilt <= -1 ? "bird's-eye" : tilt >= 1 ? "worm's-eye" : '';
  return [rotateDegrees === 0 ? '' : `rotate ${rotateDegrees}`, zoom, height, wideAngle ? 'wide-angle' : '']
    .filter(Boolean)
    .join(' + ');
}

describe('camera options in the cloud', () => {
  const viewpoints = Object.entries(CAMERA_ROUTES).flatMap(([id, route]) =>
    route.step === 'viewpoint' ? [{ id, move: route.move }] : [],
  );

  it('give the viewpoint model a directive of their own, or go to the editor', () => {
    const directives = viewpoints.map(({ move }) => directive(move));
    expect(new Set(directives).size).toBe(directives.length);
    expect(directives).not.toContain('');
  });

  it('send the option’s own words with the numbers, in whole numbers the pinned model accepts', () => {
    const schema = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../../test/fixtures/replicate-models/qwen__qwen-edit-multiangle.json'),
        'utf8',
      ),
    ) as { version: string; input: object };
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(schema.input);
    expect(models.viewpoint.id).toBe(`qwen/qwen-edit-multiangle:${schema.version}`);
    for (const { id } of viewpoints) {
      const ask = askOf(planFor(camera(id)), 'viewpoint')!;
      const input = models.viewpoint.input({ image: 'https://replicate.delivery/in.jpg', size, ...ask });
      expect(validate(input), `${id}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(input.prompt).toContain(getOption('camera', id)!.prompt);
    }
  });

  it('that the viewpoint model cannot tell apart are told to the editor in words', () => {
    const worded = getOptions('camera').filter(({ id }) => CAMERA_ROUTES[id] === undefined);
    for (const option of worded) {
      const plan = planFor(camera(option.id));
      expect(plan.steps.map(({ role }) => role)).toEqual(['edit']);
      expect(askOf(plan, 'edit')?.prompt).toContain(option.prompt);
    }
    // Gros plan and Très gros plan, Plongée, Vue de dessus and Vue de drone no longer look alike.
    expect(planFor(camera('close-up')).steps.map(({ role }) => role)).toEqual(['viewpoint']);
    expect(planFor(camera('extreme-close-up')).steps.map(({ role }) => role)).toEqual(['edit']);
    expect(['high-angle', 'top-down'].map((id) => CAMERA_ROUTES[id])).toEqual([undefined, undefined]);
    expect(CAMERA_ROUTES['birds-eye']).toEqual({
      step: 'viewpoint',
      move: { rotateDegrees: 0, tilt: -1, forward: 0, wideAngle: false },
    });
  });
});

describe('list prices, as Replicate bills them', () => {
  const model = (id: string) => findModel(id)!;
  const photo = { width: 2048, height: 1536 };

  it('bill flux-2-pro by the megapixels it reads and makes, a reference counting one at least', () => {
    const flux = model('black-forest-labs/flux-2-pro');
    // 3 MP in ($0.045) and 3 MP out ($0.03 + 2 × $0.015).
    expect(priceUsd(flux, { size: photo })).toBeCloseTo(0.105);
    // Two small references are a megapixel each: $0.03 more.
    expect(priceUsd(flux, { size: photo, references: ['a', 'b'] })).toBeCloseTo(0.135);
    // A megapixel out when an upscale follows.
    expect(priceUsd(flux, { size: photo, upscaledAfter: true })).toBeCloseTo(0.075);
  });

  it('bill Topaz by started 24 megapixels of output, and fixed-price models at their price', () => {
    const topaz = model('topazlabs/image-upscale');
    expect(priceUsd(topaz, { size: { width: 2000, height: 1500 }, scale: 2 })).toBeCloseTo(0.08);
    expect(priceUsd(topaz, { size: { width: 1663, height: 1248 }, scale: 4 })).toBeCloseTo(0.16);
    expect(priceUsd(model('black-forest-labs/flux-kontext-pro'), { size: photo })).toBe(0.04);
    expect(priceUsd(model('minimax/hailuo-2.3'), { size: photo })).toBe(0.28);
    expect(priceUsd(model('google/veo-3.1'), { size: photo })).toBeCloseTo(1.2);
  });

  it('know the dearest generation the chosen models can make', () => {
    // Kontext $0.04, qwen $0.03, Bria's expand $0.04, Topaz making 8K (33 MP, two blocks) $0.16.
    expect(dearestUsd(models)).toEqual({ image: expect.closeTo(0.27) as number, video: 0.28 });
    expect(dearestUsd(chooseModels({ video: 'google/veo-3.1' })).video).toBeCloseTo(1.2);
  });
});
