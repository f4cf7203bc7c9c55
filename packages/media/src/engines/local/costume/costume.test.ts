import { readFile } from 'node:fs/promises';
import { getSelectableOptions, isCloudOnly, NO_PERSON_MESSAGE, type Selection } from '@atelier/catalog';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isMediaError } from '../../../errors';
import { analyseSubject, ModelRuntime, type Box, type Point, type SubjectAnalysis } from '../../../models';
import { sharp } from '../../../sharp';
import { LocalImageEngine } from '../image-engine';
import { NOT_IN_FRAME_MESSAGE } from './dress';
import { fitPerson } from './fit';
import { DRESSED_IDS } from './wardrobe';

const PHOTOS = new URL('../../../../../../../shared/photos/', import.meta.url);
const photo = (name: string) => readFile(new URL(name, PHOTOS));
const OUT = process.env.TMPDIR ?? '/tmp';

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function pixels(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference per channel inside a box (clipped to the picture). */
function change(a: Pixels, b: Pixels, box: Box): number {
  const [left, top] = [Math.max(0, Math.round(box.left)), Math.max(0, Math.round(box.top))];
  const [right, bottom] = [
    Math.min(a.width, Math.round(box.left + box.width)),
    Math.min(a.height, Math.round(box.top + box.height)),
  ];
  let [sum, count] = [0, 0];
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      for (let channel = 0; channel < 3; channel += 1) {
        const at = (y * a.width + x) * 3 + channel;
        sum += Math.abs((a.data[at] ?? 0) - (b.data[at] ?? 0));
        count += 1;
      }
    }
  }
  return count > 0 ? sum / count : 0;
}

/** The mean x of the pixels that changed clearly inside a box: where the drawn element is. */
function changedCentreX(a: Pixels, b: Pixels, box: Box): number {
  let [sum, count] = [0, 0];
  for (let y = Math.max(0, Math.round(box.top)); y < Math.min(a.height, box.top + box.height); y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      const at = (y * a.width + x) * 3;
      const moved =
        Math.abs((a.data[at] ?? 0) - (b.data[at] ?? 0)) +
        Math.abs((a.data[at + 1] ?? 0) - (b.data[at + 1] ?? 0)) +
        Math.abs((a.data[at + 2] ?? 0) - (b.data[at + 2] ?? 0));
      if (moved > 90) {
        sum += x;
        count += 1;
      }
    }
  }
  return sum / Math.max(1, count);
}

/** Which pixels a costume changed clearly (the sum of the three channels' differences past a threshold). */
function changedMask(a: Pixels, b: Pixels): Uint8Array {
  const mask = new Uint8Array(a.width * a.height);
  for (let index = 0; index < mask.length; index += 1) {
    const at = index * 3;
    const moved =
      Math.abs((a.data[at] ?? 0) - (b.data[at] ?? 0)) +
      Math.abs((a.data[at + 1] ?? 0) - (b.data[at + 1] ?? 0)) +
      Math.abs((a.data[at + 2] ?? 0) - (b.data[at + 2] ?? 0));
    mask[index] = moved > 90 ? 1 : 0;
  }
  return mask;
}

/** The share of a box's pixels changed in one mask and not in the other: how much two costumes' shapes differ, whatever their colours. */
function shapeDifference(a: Uint8Array, b: Uint8Array, width: number, box: Box): number {
  let [differ, count] = [0, 0];
  for (let y = Math.max(0, Math.round(box.top)); y < Math.round(box.top + box.height); y += 1) {
    for (let x = Math.max(0, Math.round(box.left)); x < Math.min(width, Math.round(box.left + box.width)); x += 1) {
      differ += (a[y * width + x] ?? 0) ^ (b[y * width + x] ?? 0);
      count += 1;
    }
  }
  return differ / Math.max(1, count);
}

const BELOW_WAIST: readonly string[] = ['cargo-pants', 'maxi-skirt', 'sneakers', 'hiking-boots'];

const around = ({ x, y }: Point, radius: number): Box => ({
  left: x - radius,
  top: y - radius,
  width: 2 * radius,
  height: 2 * radius,
});

describe('costumes fitted to the person (Qui, Vêtement, Quoi)', { timeout: 180_000 }, () => {
  const runtime = new ModelRuntime({ threads: 2 });
  const engine = new LocalImageEngine({ models: runtime });
  let portrait: Buffer;
  let before: Pixels;
  let analysis: SubjectAnalysis;

  const dress = async (image: Buffer, selection: Selection, name: string) => {
    const { image: result } = await engine.transform({ image, prompt: '', selection });
    await sharp(result).png().toFile(`${OUT}/atelier-costume-${name}.png`);
    return pixels(result);
  };

  beforeAll(async () => {
    portrait = await photo('astronaut.jpg');
    before = await pixels(portrait);
    analysis = await analyseSubject(runtime, portrait);
  }, 180_000);
  afterAll(() => runtime.close());

  test('a crown sits on top of the detected head, and moves with it', async () => {
    const face = analysis.faces[0]!.box;
    const crowned = await dress(portrait, { character: { id: 'king', name: 'Roi' } }, 'king');
    const aboveFace = {
      left: face.left,
      top: face.top - 0.6 * face.height,
      width: face.width,
      height: 0.6 * face.height,
    };
    expect(change(before, crowned, aboveFace)).toBeGreaterThan(25);
    // The face itself is left as it was.
    const middleOfFace = {
      left: face.left + 0.2 * face.width,
      top: face.top + 0.25 * face.height,
      width: 0.6 * face.width,
      height: 0.5 * face.height,
    };
    expect(change(before, crowned, middleOfFace)).toBeLessThan(6);

    // The same portrait with the person 96 px further right (mirrored fill on the left): the crown follows.
    const shift = 96;
    const shifted = await sharp(portrait)
      .extend({ left: shift, extendWith: 'mirror' })
      .extract({ left: 0, top: 0, width: before.width, height: before.height })
      .jpeg({ quality: 95 })
      .toBuffer();
    const shiftedBefore = await pixels(shifted);
    const shiftedCrowned = await dress(shifted, { character: { id: 'king', name: 'Roi' } }, 'king-shifted');
    const band = { left: 0, top: aboveFace.top, width: before.width, height: aboveFace.height };
    const moved = changedCentreX(shiftedBefore, shiftedCrowned, band) - changedCentreX(before, crowned, band);
    expect(moved).toBeGreaterThan(shift - 20);
    expect(moved).toBeLessThan(shift + 20);
  });

  test('glasses sit over the eye landmarks', async () => {
    const { leftEye, rightEye, mouth } = analysis.faces[0]!.landmarks;
    const radius = 0.25 * Math.hypot(leftEye.x - rightEye.x, leftEye.y - rightEye.y);
    const glasses = await dress(portrait, { clothing: { id: 'sunglasses', name: 'Lunettes de soleil' } }, 'sunglasses');
    expect(change(before, glasses, around(leftEye, radius))).toBeGreaterThan(40);
    expect(change(before, glasses, around(rightEye, radius))).toBeGreaterThan(40);
    expect(change(before, glasses, around(mouth, radius))).toBeLessThan(6);
  });

  test.each(['hoodie', 'animal-onesie'])(
    '%s leaves the mouth and chin as they were (no slab of hood over them)',
    async (id) => {
      const { box, landmarks } = analysis.faces[0]!;
      const dressed = await dress(portrait, { clothing: { id, name: id } }, id);
      const mouthToChin = {
        left: landmarks.mouth.x - box.width * 0.25,
        top: landmarks.mouth.y - box.height * 0.05,
        width: box.width * 0.5,
        height: landmarks.chin.y - landmarks.mouth.y,
      };
      expect(change(before, dressed, mouthToChin)).toBeLessThan(6);
    },
  );

  test('a tuxedo changes the torso under the shoulders and leaves the face', async () => {
    const face = analysis.faces[0]!.box;
    const { leftShoulder, rightShoulder } = analysis.pose!;
    const tuxedo = await dress(portrait, { clothing: { id: 'tuxedo', name: 'Smoking' } }, 'tuxedo');
    const top = Math.max(leftShoulder!.y, rightShoulder!.y) + 10;
    const torso = {
      left: rightShoulder!.x,
      top,
      width: leftShoulder!.x - rightShoulder!.x,
      height: before.height - top,
    };
    expect(change(before, tuxedo, torso)).toBeGreaterThan(40);
    expect(change(before, tuxedo, face)).toBeLessThan(6);
  });

  test('draws a garment in the colour chosen for it', async () => {
    const plain = await dress(portrait, { clothing: { id: 'business-suit', name: "Costume d'affaires" } }, 'suit');
    const { image } = await engine.transform({
      image: portrait,
      prompt: '',
      selection: { clothing: { id: 'business-suit', name: '' } },
      colors: { elements: { clothing: { 'business-suit': 'yellow' } } },
    });
    expect(
      change(plain, await pixels(image), { left: 0, top: 0, width: before.width, height: before.height }),
    ).toBeGreaterThan(3);
  });

  test("a chef's toque shows whole on a portrait framed close above the head", async () => {
    const face = analysis.faces[0]!.box;
    const chef = await dress(portrait, { character: { id: 'chef', name: 'Chef cuisinier' } }, 'chef');
    const aboveFace = { left: face.left, top: 0, width: face.width, height: face.top };
    expect(change(before, chef, aboveFace)).toBeGreaterThan(40);
    // Nothing drawn on the picture's top rows: the hat's top is inside the frame.
    const topRows = { left: 0, top: 0, width: before.width, height: 2 };
    expect(
      shapeDifference(changedMask(before, chef), new Uint8Array(before.width * before.height), before.width, topRows),
    ).toBe(0);
  });

  test("a chef's toque grows tall where the picture has room above the head, and stays whole", async () => {
    const room = Math.round(before.height / 2);
    const roomy = await sharp(portrait).extend({ top: room, background: '#ffffff' }).jpeg({ quality: 95 }).toBuffer();
    const [plain, chef] = await Promise.all([
      pixels(roomy),
      dress(roomy, { character: { id: 'chef', name: 'Chef cuisinier' } }, 'chef-roomy'),
    ]);
    const highest = (mask: Uint8Array, width: number) => Math.floor(mask.findIndex((changed) => changed === 1) / width);
    const tight = highest(
      changedMask(before, await dress(portrait, { character: { id: 'chef', name: 'Chef cuisinier' } }, 'chef')),
      before.width,
    );
    const tall = highest(changedMask(plain, chef), plain.width);
    const face = analysis.faces[0]!.box;
    // Measured from the face, which moved down by `room`: the hat's top is well above where the tight frame kept it.
    expect(tight - face.top - (tall - room - face.top)).toBeGreaterThan(0.25 * face.height);
    expect(tall).toBeGreaterThan(2);
  });

  test.each([
    ['action', 'boxing'],
    ['clothing', 'boxing-gear'],
  ] as const)('%s %s raises a red boxing glove at the hand', async (category, id) => {
    const hand = fitPerson(analysis).hand;
    const boxed = await dress(portrait, { [category]: { id, name: id } }, id);
    // Over the wrist, where the glove rises: pure red, which the orange suit is not.
    const box = around({ x: hand.x, y: hand.y - 0.45 * hand.unit }, 0.2 * hand.unit);
    const redShare = (picture: Pixels) => {
      let [red, count] = [0, 0];
      for (let y = Math.max(0, Math.round(box.top)); y < Math.min(picture.height, box.top + box.height); y += 1) {
        for (let x = Math.max(0, Math.round(box.left)); x < Math.min(picture.width, box.left + box.width); x += 1) {
          const at = (y * picture.width + x) * 3;
          red +=
            (picture.data[at] ?? 0) > 120 && (picture.data[at + 1] ?? 0) < 70 && (picture.data[at + 2] ?? 0) < 90
              ? 1
              : 0;
          count += 1;
        }
      }
      return red / Math.max(1, count);
    };
    expect(redShare(before)).toBeLessThan(0.1);
    expect(redShare(boxed)).toBeGreaterThan(0.6);
  });

  // The portrait leaves 13 head units above the hair. A cowboy hat's crown rises some 58 above its rim,
  // about 23 above the top of the head: it is whole only lowered. A wizard's cone would rise 160: its tip
  // folds over.
  test.each([
    ['cowboy', 'Cowboy'],
    ['wizard', 'Magicien'],
  ])('a hat taller than the room above the head fits it, whole (%s)', async (id, name) => {
    const hatted = await dress(portrait, { character: { id, name } }, id);
    const mask = changedMask(before, hatted);
    const topRows = { left: 0, top: 0, width: before.width, height: 2 };
    expect(shapeDifference(mask, new Uint8Array(mask.length), before.width, topRows)).toBe(0);
    // …and it is there, above the face.
    const face = analysis.faces[0]!.box;
    expect(change(before, hatted, { left: face.left, top: 0, width: face.width, height: face.top })).toBeGreaterThan(
      30,
    );
  });

  test("a clown's ruff rings the neck: pleats on both sides, the neck showing through", async () => {
    const { torso } = fitPerson(analysis);
    const unit = torso.unit / 100;
    // The ruff's middle line, in torso units above the shoulders (see `ruff`).
    const ruffLine = -Math.min(0.45 * torso.neck, 20) + 4;
    const at = (x: number, y: number, radius: number) =>
      around({ x: torso.x + x * unit, y: torso.y + y * unit }, radius * unit);
    const clown = await dress(portrait, { character: { id: 'clown', name: 'Clown' } }, 'clown');
    const brightness = (box: Box) => change({ ...clown, data: Buffer.alloc(clown.data.length) }, clown, box);
    for (const side of [-32, 32]) {
      expect(change(before, clown, at(side, ruffLine, 4))).toBeGreaterThan(40);
      expect(brightness(at(side, ruffLine, 4))).toBeGreaterThan(190);
    }
    expect(change(before, clown, at(0, ruffLine - 8, 3))).toBeLessThan(12);
  });

  test('a cape lies over both shoulders, not only behind the person', async () => {
    const { leftShoulder, rightShoulder } = analysis.pose!;
    const face = analysis.faces[0]!.box;
    const caped = await dress(portrait, { clothing: { id: 'cape', name: 'Cape' } }, 'cape');
    const radius = 0.2 * face.width;
    // On each shoulder: the cape's fronts, on the person (a cape drawn only behind them would leave them as they were).
    // (dark red over an orange suit: about 33 there, 11 with a cape drawn only behind.)
    for (const shoulder of [rightShoulder!, leftShoulder!])
      expect(change(before, caped, around({ x: shoulder.x, y: shoulder.y - radius }, radius))).toBeGreaterThan(20);
    expect(change(before, caped, face)).toBeLessThan(6);
  });

  test('dresses of different options differ in shape, not only in colour', async () => {
    const ids = [
      'evening-gown',
      'cocktail-dress',
      'little-black-dress',
      'ball-gown',
      'wedding-dress',
      'qipao',
      'victorian-dress',
      'flamenco-dress',
    ];
    const masks = await Promise.all(
      ids.map(async (id) => ({
        id,
        mask: changedMask(before, await dress(portrait, { clothing: { id, name: id } }, id)),
      })),
    );
    const face = analysis.faces[0]!.box;
    const chest = {
      left: 0,
      top: face.top + face.height,
      width: before.width,
      height: before.height - face.top - face.height,
    };
    masks.forEach((a, i) =>
      masks.slice(i + 1).forEach((b) => {
        expect(shapeDifference(a.mask, b.mask, before.width, chest), `${a.id} / ${b.id}`).toBeGreaterThan(0.025);
      }),
    );
  });

  test.each(['dragon', 'unicorn', 'pegasus', 'griffin', 'phoenix'])(
    'riding a %s draws the creature without washing the background',
    async (id) => {
      const ride = changedMask(before, await dress(portrait, { action: { id, name: id } }, id));
      const person = analysis.person!.mask;
      let [changed, background] = [0, 0];
      person.forEach((level, index) => {
        if (level >= 128) return;
        background += 1;
        changed += ride[index] ?? 0;
      });
      expect(changed / background).toBeLessThan(0.3);
      // The creature's head, before the rider at the bottom of the picture.
      const lowerLeft = { left: 0, top: before.height / 2, width: before.width / 2, height: before.height / 2 };
      expect(shapeDifference(ride, new Uint8Array(ride.length), before.width, lowerLeft)).toBeGreaterThan(0.15);
    },
  );

  test('a Pegasus is white, in no shade of the option', async () => {
    const ridden = await dress(portrait, { action: { id: 'pegasus', name: 'Pégase' } }, 'pegasus');
    const drawn = changedMask(before, ridden);
    // The creature's pixels, lower left: about as much red, green and blue (grey to white, shaded).
    let [tint, count] = [0, 0];
    for (let y = Math.round(before.height / 2); y < before.height; y += 1) {
      for (let x = 0; x < before.width / 2; x += 1) {
        if (!drawn[y * before.width + x]) continue;
        const at = (y * before.width + x) * 3;
        const [r, g, b] = [ridden.data[at] ?? 0, ridden.data[at + 1] ?? 0, ridden.data[at + 2] ?? 0];
        tint += Math.max(r, g, b) - Math.min(r, g, b);
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(0);
    // (about 10 now; 20 with a mint shade mixed in.)
    expect(tint / count).toBeLessThan(14);
  });

  test.each(['character', 'clothing', 'action'] as const)(
    'gives each %s option a picture of its own',
    async (category) => {
      const small = await sharp(portrait).resize(256).jpeg({ quality: 95 }).toBuffer();
      // Shoes and what is worn below the waist are refused on a head-and-shoulders portrait (below);
      // the actions of the special groups share families (two cars), the everyday ones have pieces each.
      const options = getSelectableOptions(category)
        .filter(
          ({ id }) =>
            !isCloudOnly(category, id) &&
            !BELOW_WAIST.includes(id) &&
            (category !== 'action' || DRESSED_IDS.action.includes(id)),
        )
        .slice(0, 60);
      const results = await Promise.all(
        options.map(async ({ id }) => ({
          id,
          pixels: await pixels(
            (await engine.transform({ image: small, prompt: '', selection: { [category]: { id, name: id } } })).image,
          ),
        })),
      );
      const whole = { left: 0, top: 0, width: 256, height: 256 };
      let closest = { value: Infinity, pair: '' };
      results.forEach((a, i) =>
        results.slice(i + 1).forEach((b) => {
          const value = change(a.pixels, b.pixels, whole);
          if (value < closest.value) closest = { value, pair: `${a.id} / ${b.id}` };
        }),
      );
      expect(closest.value, closest.pair).toBeGreaterThan(0.3);
    },
  );

  test.each([
    ['chelsea.jpg', { character: { id: 'knight', name: 'Chevalier' } }],
    ['coffee.jpg', { clothing: { id: 'tuxedo', name: 'Smoking' } }],
    ['coffee.jpg', { action: { id: 'drinking-coffee', name: 'Boire un café' } }],
    ['rocket.jpg', { character: { id: 'astronaut', name: 'Astronaute' } }],
  ] as const)('refuses %s without a person, in French', async (name, selection) => {
    const error = await engine
      .transform({ image: await photo(name), prompt: '', selection })
      .catch((caught: unknown) => caught);
    expect(isMediaError(error) && error.code).toBe('VALIDATION');
    expect((error as Error).message).toBe(NO_PERSON_MESSAGE);
    expect(NO_PERSON_MESSAGE).toMatch(/^Aucune personne détectée sur la photo/);
  });

  test('leaves out a character read from free text when the photo shows no person', async () => {
    const coffee = await photo('coffee.jpg');
    await expect(engine.transform({ image: coffee, prompt: 'chevalier', selection: {} })).resolves.toMatchObject({
      width: 600,
      height: 400,
    });
  });

  test.each(BELOW_WAIST)('refuses %s on a portrait that shows no legs or feet, in French', async (id) => {
    const error = await engine
      .transform({ image: portrait, prompt: '', selection: { clothing: { id, name: id } } })
      .catch((caught: unknown) => caught);
    expect(isMediaError(error) && error.code).toBe('VALIDATION');
    expect((error as Error).message).toBe(NOT_IN_FRAME_MESSAGE);
  });

  test('every character the local engine offers and every everyday action has pieces of its own', () => {
    expect(
      getSelectableOptions('character')
        .map(({ id }) => id)
        .filter((id) => !isCloudOnly('character', id) && !DRESSED_IDS.character.includes(id)),
    ).toEqual([]);
    const everyday = getSelectableOptions('action').filter(({ id }) => DRESSED_IDS.action.includes(id));
    expect(everyday.length).toBeGreaterThanOrEqual(50);
  });
});
