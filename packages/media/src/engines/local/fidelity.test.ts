import { readFile } from 'node:fs/promises';
import {
  COLORS,
  getOption,
  getSelectableOptions,
  isCloudOnly,
  type CategoryId,
  type ColorChoices,
  type Selection,
} from '@atelier/catalog';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { correlation, readPhoto } from '../../../test/support/photos';
import { analyseSubject, ModelRuntime, type Box, type SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import { cameraMoveOf, reproject, securityCamera, shotWindow, thirdsWindow } from './camera';
import { formatWindow, frameWindow, headOf } from './framing';
import { aspectOf, namedFrame } from './geometry';
import { LocalImageEngine } from './image-engine';
import { fileOf } from '../../../test/support/images';
import type { WorkPicture } from './pixels';

/** The portrait small enough for some 450 renders, large enough for its face to be found. */
const SIDE = 256;
const SEEDS = [11, 29] as const;
const BATCH = 3;

/** The picture as an option means to frame it: a window of it (a crop) or a lens, before any size change. */
type Geometry = (image: Buffer) => Promise<WorkPicture>;

const unchanged: Geometry = (image) => Promise.resolve(image);

/**
 * The options whose render keeps the photo, each with the geometry it intends. A format cuts the
 * window around the faces, a shot or a composition on a third the window around the face, a lens
 * or a viewpoint bends the picture; everything else keeps the frame as it is. A size change (HD,
 * a format's pixel size) is undone by scaling the aligned original to the result's size.
 */
function keepingOptions(
  analysis: SubjectAnalysis,
): { group: string; name: string; selection: Selection; colors?: ColorChoices; geometry: Geometry }[] {
  const picture = { width: analysis.width, height: analysis.height };
  const ownAspect = picture.width / picture.height;
  const cameraGeometry = (id: string): Geometry => {
    const move = cameraMoveOf(id);
    switch (move?.kind) {
      case 'shot':
        return (image) => frameWindow(image, picture, shotWindow(picture, ownAspect, move.faceHeights, analysis));
      case 'thirds':
        return (image) => frameWindow(image, picture, thirdsWindow(picture, ownAspect, analysis));
      case 'aspect-crop':
        return (image) => frameWindow(image, picture, formatWindow(picture, move.aspect, analysis.faces));
      case 'perspective':
      case 'fisheye':
        return (image) => reproject(image, move);
      case 'security-camera':
        return securityCamera;
      default:
        return unchanged;
    }
  };
  const of = (category: CategoryId, geometry: (id: string) => Geometry) =>
    getSelectableOptions(category)
      .filter(({ id }) => !isCloudOnly(category, id))
      .map(({ id }) => ({
        group: category,
        name: `${category}/${id}`,
        selection: { [category]: { id, name: id } },
        geometry: geometry(id),
      }));
  return [
    ...of(
      'format',
      (id) => (image) =>
        frameWindow(image, picture, formatWindow(picture, aspectOf(getOption('format', id)!), analysis.faces)),
    ),
    // A sized enlargement (Fond d'écran 4K) cuts its screen's shape around the faces first, as a format does.
    ...of('upscale', (id) => {
      const size = namedFrame(getOption('upscale', id), picture);
      return size
        ? (image) => frameWindow(image, picture, formatWindow(picture, size.width / size.height, analysis.faces))
        : unchanged;
    }),
    ...of('lighting', () => unchanged),
    ...of('camera', cameraGeometry),
    ...COLORS.map(({ id }) => ({
      group: 'colour',
      name: `colour/${id}`,
      selection: {},
      colors: { global: id },
      geometry: unchanged,
    })),
  ];
}

/**
 * Lights that change the face's tones by name, not its place: split lighting halves it, a backlight
 * and a silhouette darken it, chiaroscuro clips it. They are held to the same place, not the same tones.
 */
const RELIT_FACES = new Set([
  'lighting/split-light',
  'lighting/rim-light',
  'lighting/silhouette',
  'lighting/chiaroscuro',
]);

/** Grey pixels of an image brought to a size, blurred by a pixel: a sharpening or a grain is not what is measured, a move is. */
const greyAt = (image: Buffer, width: number, height: number) =>
  sharp(image).resize(width, height, { fit: 'fill' }).greyscale().blur(1).raw().toBuffer();

/** A region as white on black at the portrait's size, to be framed as the picture is. */
const regionImage = (inside: (x: number, y: number) => boolean) =>
  sharp(
    Buffer.from(
      Array.from({ length: SIDE * SIDE }, (_, index) => (inside(index % SIDE, Math.floor(index / SIDE)) ? 255 : 0)),
    ),
    { raw: { width: SIDE, height: SIDE, channels: 1 } },
  )
    .toColourspace('srgb')
    .png()
    .toBuffer();

/** Correlation of the expected and made pixels inside a region, the made ones read `dx`, `dy` pixels away. */
function regionCorrelation(expected: Buffer, made: Buffer, region: Buffer, width: number, dx = 0, dy = 0): number {
  const kept = [...region.keys()].filter((index) => (region[index] ?? 0) >= 128);
  return correlation(
    kept.map((index) => expected[index] ?? 0),
    kept.map((index) => made[index + dy * width + dx] ?? 0),
  );
}

/** Reading the result this many pixels away in any direction must match the original less well. */
const SHIFTS = [-2, 0, 2]
  .flatMap((dx) => [-2, 0, 2].map((dy) => [dx, dy] as const))
  .filter(([dx, dy]) => dx !== 0 || dy !== 0);

describe('options that keep the photo keep the person where the photo has them, whatever the seed', () => {
  const runtime = new ModelRuntime({ threads: 2 });
  const engine = new LocalImageEngine({ models: runtime });
  let portrait: Buffer;
  let analysis: SubjectAnalysis;
  /** The face box where the stored person mask says person (no background), and the whole head with its outline. */
  let faceRegion: Buffer;
  let headRegion: Buffer;

  beforeAll(async () => {
    portrait = await sharp(await readPhoto('astronaut'))
      .resize(SIDE, SIDE)
      .jpeg({ quality: 95 })
      .toBuffer();
    analysis = await analyseSubject(runtime, portrait, { matte: false });
    const face = analysis.faces[0]!;
    const person = await sharp(await readFile(new URL('../../../test/fixtures/astronaut-person.png', import.meta.url)))
      .resize(SIDE, SIDE)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const within = (box: Box) => (x: number, y: number) =>
      x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
    [faceRegion, headRegion] = await Promise.all([
      regionImage((x, y) => within(face.box)(x, y) && (person[y * SIDE + x] ?? 0) >= 128),
      regionImage(within(headOf(face))),
    ]);
  }, 180_000);
  afterAll(() => runtime.close());

  test.each(['format', 'upscale', 'lighting', 'camera', 'colour'])(
    'every %s option, for two seeds, leaves the face where the option frames it',
    async (group) => {
      const failures: string[] = [];
      let lowest = { value: 1, name: '' };
      const check = async (option: ReturnType<typeof keepingOptions>[number]) => {
        const framed = (image: Buffer) => option.geometry(image).then(fileOf);
        const [aligned, face, head] = await Promise.all([framed(portrait), framed(faceRegion), framed(headRegion)]);
        // Compared at the aligned original's own size: an enlargement is judged on the frame it keeps.
        const { width = 0, height = 0 } = await sharp(aligned).metadata();
        const [expected, inFace, inHead] = await Promise.all(
          [aligned, face, head].map((image) => greyAt(image, width, height)),
        );
        await Promise.all(
          SEEDS.map(async (seed) => {
            const name = `${option.name} seed ${seed}`;
            const result = await engine.transform({
              image: portrait,
              prompt: '',
              selection: option.selection,
              colors: option.colors,
              seed,
            });
            const made = await greyAt(result.image, width, height);
            const value = regionCorrelation(expected!, made, inFace!, width);
            if (value < lowest.value && !RELIT_FACES.has(option.name)) lowest = { value, name };
            if (!(value >= 0.9) && !RELIT_FACES.has(option.name))
              failures.push(`${name}: face correlation ${value.toFixed(3)}`);
            const inPlace = regionCorrelation(expected!, made, inHead!, width);
            const moved = SHIFTS.find(
              ([dx, dy]) => regionCorrelation(expected!, made, inHead!, width, dx, dy) >= inPlace,
            );
            if (moved) failures.push(`${name}: the head matches better ${moved.join(', ')} px away`);
          }),
        );
      };
      // A few options at once, so the model threads and sharp's keep both cores busy.
      const options = keepingOptions(analysis).filter((option) => option.group === group);
      for (let start = 0; start < options.length; start += BATCH)
        await Promise.all(options.slice(start, start + BATCH).map(check));
      console.info(`${group}: lowest face correlation ${lowest.value.toFixed(3)} (${lowest.name})`);
      expect(failures).toEqual([]);
    },
    600_000,
  );
});
