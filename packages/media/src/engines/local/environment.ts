import { luminance } from '@atelier/catalog';
import { BLACK, WHITE, css, mix, type Rgb } from '../../color';
import { decodeFailure } from '../../decode';
import { Dice } from '../../hash';
import type { SubjectAnalysis } from '../../models';
import { sharp, type Sharp } from '../../sharp';
import { svgDocument } from '../../svg';
import { landmarkMarkup } from '../../art/landmarks';
import { sceneMarkup, type SceneParams } from '../../art/scene';
import { particlesMarkup, sceneFor, type EnvironmentScene, type OverlayContext } from './overlays';
import { INTERMEDIATE_JPEG, uprightPixels, type RawPicture } from './pixels';

/** The scenes are drawn in a 1000 × 750 frame and fill any picture, cropped to its shape. */
const SCENE_FRAME = { width: 1000, height: 750 } as const;

/** How far from the frame's middle a landmark stands: beside a centred person, inside what a portrait keeps. */
const LANDMARK_OFFSET = 215;

/** How far the person's brightness moves towards the scene's average (0 none, 1 all the way). */
const HARMONY = 0.35;
/** Background light spilling over the person's edges: its reach (per 1000 px of long edge) and strength. */
const WRAP_REACH = 6;
const WRAP_STRENGTH = 0.55;
/** The soft shadow the person casts on the scene: its blur, drop (per 1000 px) and darkness. */
const SHADOW_BLUR = 18;
const SHADOW_DROP = 10;
const SHADOW_DARKNESS = 0.45;
/** Wide blurs are made at a reduced size where this σ (in pixels) is enough. */
const SOFT_BLUR_SIGMA = 6;
/** Averages and the edge mask are made on copies this many pixels across. */
const AVERAGE_EDGE = 256;
/** Without a person, the scene shows around the picture's edges only: inside this radius (of the half-diagonal) it does not. */
const CLEAR_CENTRE = 0.4;
/** …and the whole picture takes on a little of the scene's colour. */
const SCENE_TINT = 0.12;

/**
 * An environment option's full-frame scene: sky, light, ridges, water, city or stars, and its
 * particles. A render's seed lays it out anew (the light, the ridges, the landmark's side).
 */
export function environmentScene(
  context: Omit<OverlayContext, 'height'>,
  drawn: EnvironmentScene,
  seed?: number,
): { markup: string; average: Rgb } {
  const scene = sceneFor({ ...context, height: SCENE_FRAME.height }, drawn.scene);
  const dice = new Dice(seed === undefined ? `${context.id}:scene` : `${context.id}:scene:${seed}`);
  const [top, horizon] = scene.sky;
  const far = mix(scene.ground, horizon, 0.55);
  const lightColour = mix(horizon, WHITE, 0.65);
  const middle = mix(scene.ground, horizon, 0.28);
  const farHeight = dice.between(0.42, 0.5);
  const roughness = {
    peaks: 0.3,
    hills: 0.1,
    dunes: 0.05,
    trees: 0.22,
    waves: 0.03,
    skyline: 0.02,
    arches: 0.04,
    clouds: 0.08,
    none: 0.08,
  }[scene.horizon];
  const params: SceneParams = {
    seed: context.id,
    sky: [css(top), css(horizon)],
    light: { x: dice.between(180, 820), y: dice.between(110, 260), r: dice.between(28, 48), colour: css(lightColour) },
    ridges: [
      { colour: css(far), height: farHeight, roughness },
      { colour: css(middle), height: dice.between(0.3, 0.36), roughness: roughness * 0.8 },
      { colour: css(scene.ground), height: dice.between(0.16, 0.22), roughness: roughness * 0.6 },
    ],
    ...(scene.horizon === 'waves' ? { water: css(scene.ground) } : {}),
    ...(scene.horizon === 'skyline' || scene.horizon === 'arches' ? { skyline: css(mix(scene.ground, top, 0.2)) } : {}),
    ...(scene.particles === 'stars' ? { stars: true } : {}),
  };
  const { landmark } = drawn;
  if (landmark) {
    // Beside the person, standing behind the far ridge: darker than the ground under a light sky, so it reads against it.
    const silhouette = mix(mix(scene.ground, horizon, 0.3), BLACK, luminance(horizon) > 0.6 ? 0.35 : 0.1);
    const side = dice.next() < 0.5 ? -1 : 1;
    params.landmark = landmarkMarkup(landmark, {
      x: 500 + side * LANDMARK_OFFSET,
      base: SCENE_FRAME.height * (1 - farHeight) + 30,
      colour: silhouette,
      light: lightColour,
    });
  }
  if (drawn.palms) params.palms = css(mix(scene.ground, BLACK, 0.3));
  const particles =
    scene.particles === 'stars' ? '' : particlesMarkup(scene.particles, { ...context, height: SCENE_FRAME.height });
  return { markup: sceneMarkup(params) + particles, average: mix(mix(top, horizon, 0.5), scene.ground, 0.45) };
}

/** Raw pixels of the picture's size with `channels` bands, as sharp reads them. */
const rawOf = (width: number, height: number, channels: 1 | 3 | 4) => ({ raw: { width, height, channels } });

/** A size `shrink` times smaller, at least one pixel. */
const reduced = (width: number, height: number, shrink: number) => ({
  width: Math.max(1, Math.round(width / shrink)),
  height: Math.max(1, Math.round(height / shrink)),
});

/** How much smaller a blur of `sigma` can be made and still look the same once enlarged. */
const shrinkFor = (sigma: number) => Math.max(1, Math.floor(sigma / SOFT_BLUR_SIGMA));

/**
 * A wide Gaussian blur of a mask, made at a reduced size and enlarged back (bilinear: nothing finer
 * is left to keep): the same soft result for a fraction of the cost, σ 72 px on 12 MP taking seconds.
 */
async function softBlur(mask: Buffer, width: number, height: number, sigma: number): Promise<Buffer> {
  const shrink = shrinkFor(sigma);
  const small = await sharp(mask, rawOf(width, height, 1))
    .resize({ ...reduced(width, height, shrink), fit: 'fill' })
    .blur(Math.max(0.3, sigma / shrink))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(small.data, { raw: small.info })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** The scene drawn at a size, opaque. */
function sceneAt(markup: string, width: number, height: number): Sharp {
  return sharp(svgDocument(width, height, SCENE_FRAME.width, SCENE_FRAME.height, markup, 'xMidYMid slice'))
    .flatten()
    .toColourspace('srgb')
    .removeAlpha();
}

/**
 * The scene's light that wraps the person's edges, as an RGBA layer: the scene drawn small, blurred
 * by `sigma` (at full size), enlarged, `alpha` its opacity.
 */
async function sceneLight(
  markup: string,
  width: number,
  height: number,
  sigma: number,
  alpha: Buffer,
): Promise<Buffer> {
  const shrink = shrinkFor(sigma);
  const small = reduced(width, height, shrink);
  const blurred = await sceneAt(markup, small.width, small.height)
    .blur(Math.max(0.3, sigma / shrink))
    .raw()
    .toBuffer();
  return sharp(blurred, rawOf(small.width, small.height, 3))
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .joinChannel(alpha, rawOf(width, height, 1))
    .raw()
    .toBuffer();
}

/** The picture's RGB pixels as a pipeline (a grey photo's one band already made three, as the gains need). */
const pipelineOf = ({ data, width, height }: RawPicture) => sharp(data, rawOf(width, height, 3));

/** The picture as an RGBA layer: its colours × `gains` + `offsets`, `alpha` its opacity. */
function photoLayer(picture: RawPicture, gains: number[], offsets: number[], alpha: Buffer): Promise<Buffer> {
  const { width, height } = picture;
  return pipelineOf(picture)
    .linear(gains, offsets)
    .joinChannel(alpha, rawOf(width, height, 1))
    .raw()
    .toBuffer();
}

/** The mean colour of the picture under a mask, on a small copy of both (an average needs no more). */
async function averageUnder(picture: RawPicture, mask: Buffer): Promise<Rgb> {
  const { width, height } = picture;
  const size = { width: AVERAGE_EDGE, height: AVERAGE_EDGE, fit: 'fill' as const };
  const [pixels, weights] = await Promise.all([
    pipelineOf(picture).resize(size).raw().toBuffer(),
    sharp(mask, rawOf(width, height, 1))
      .resize(size)
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const sum = [0, 0, 0];
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    for (let channel = 0; channel < 3; channel += 1)
      sum[channel] = (sum[channel] ?? 0) + weight * (pixels[index * 3 + channel] ?? 0);
  });
  return total > 0 ? [(sum[0] ?? 0) / total, (sum[1] ?? 0) / total, (sum[2] ?? 0) / total] : [128, 128, 128];
}

/** Where the picture shows through the scene when there is no person: all of it in the middle, a tenth at the corners. */
async function middleMask(width: number, height: number): Promise<Buffer> {
  const small = reduced(width, height, Math.max(1, Math.max(width, height) / AVERAGE_EDGE));
  const [cx, cy, reach] = [small.width / 2, small.height / 2, Math.hypot(small.width, small.height) / 2];
  const mask = Buffer.alloc(small.width * small.height);
  for (let y = 0; y < small.height; y += 1) {
    for (let x = 0; x < small.width; x += 1) {
      const t = Math.min(
        1,
        Math.max(0, (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / reach - CLEAR_CENTRE) / (1 - CLEAR_CENTRE)),
      );
      mask[y * small.width + x] = Math.round(255 * (1 - t * t * (3 - 2 * t) * 0.9));
    }
  }
  return sharp(mask, rawOf(small.width, small.height, 1))
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * The picture placed in the scene. With a person: the person cut out by their matte, at the same
 * size and place, their colours moved towards the scene's, the scene's light wrapping their edges,
 * a soft shadow behind them. Without one: the scene shows around the edges only, never over the
 * middle where the subject is. Returns a JPEG the rest of the pipeline renders like an upload.
 * Every per-pixel step is a libvips operation (sharp runs them on its own threads, off the event
 * loop), with few full-size buffers handed back to JavaScript.
 */
export async function placeInScene(
  image: Buffer,
  analysis: SubjectAnalysis,
  scene: { markup: string; average: Rgb },
): Promise<Buffer> {
  try {
    const picture = await uprightPixels(image);
    const { width, height } = picture;
    const layers = analysis.person
      ? await personLayers(picture, analysis.person.mask, scene)
      : await edgeLayers(picture, scene);
    return await layers.base
      .composite(layers.over.map((input) => ({ input, ...rawOf(width, height, 4) })))
      .removeAlpha()
      .jpeg(INTERMEDIATE_JPEG)
      .toBuffer();
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

/** A picture to start from, and RGBA layers of the same size laid over it in turn. */
interface Layers {
  base: Sharp;
  over: Buffer[];
}

/**
 * Over the scene: a black layer as dark as the shadow; the person, their colours harmonised, the
 * matte as alpha; the scene's blurred light where the matte is above its blurred self (inside the
 * person, along the edge: the light wrap).
 */
async function personLayers(
  picture: RawPicture,
  matte: Buffer,
  { markup, average: sceneAverage }: { markup: string; average: Rgb },
): Promise<Layers> {
  const { width, height } = picture;
  const edge = Math.max(width, height) / 1000;
  const [inner, shadow, personAverage] = await Promise.all([
    softBlur(matte, width, height, WRAP_REACH * edge),
    softBlur(matte, width, height, SHADOW_BLUR * edge),
    averageUnder(picture, matte),
  ]);
  // One gain for the three channels: the person takes on the scene's brightness, never its hue (a
  // gain per channel turned skin cyan by the sea). The light wrap along the edge brings its colour.
  const ratio = (luminance(sceneAverage) + 0.004) / (luminance(personAverage) + 0.004);
  const gain = 1 + HARMONY * (Math.max(0.8, Math.min(1.25, ratio)) - 1);
  const gains = [gain, gain, gain];
  // WRAP_STRENGTH × (matte − blurred matte), clamped at 0: a recombination of [matte, blurred, matte].
  const wrap = await sharp(matte, rawOf(width, height, 1))
    .joinChannel([inner, matte], rawOf(width, height, 1))
    .recomb([
      [WRAP_STRENGTH, -WRAP_STRENGTH, 0],
      [0, 0, 0],
      [0, 0, 0],
    ])
    .extractChannel(0)
    .raw()
    .toBuffer();
  // The shadow falls a little below the person: the blurred matte moved down, as dark as SHADOW_DARKNESS.
  const drop = Math.min(height - 1, Math.round(SHADOW_DROP * edge));
  const shade = await sharp(shadow, rawOf(width, height, 1))
    .extract({ left: 0, top: 0, width, height: height - drop })
    .extend({ top: drop, background: '#000000' })
    .linear(SHADOW_DARKNESS, 0)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const [dark, person, light] = await Promise.all([
    sharp({ create: { width, height, channels: 3, background: '#000000' } })
      .joinChannel(shade, rawOf(width, height, 1))
      .raw()
      .toBuffer(),
    photoLayer(picture, gains, [0, 0, 0], matte),
    sceneLight(markup, width, height, WRAP_REACH * 3 * edge, wrap),
  ]);
  return { base: sceneAt(markup, width, height), over: [dark, person, light] };
}

/** Over the scene: the picture tinted a little towards the scene's colour, opaque in the middle, fading towards the edges. */
async function edgeLayers(picture: RawPicture, { markup, average }: { markup: string; average: Rgb }): Promise<Layers> {
  const { width, height } = picture;
  const tint = [1 - SCENE_TINT, 1 - SCENE_TINT, 1 - SCENE_TINT];
  const photo = await photoLayer(
    picture,
    tint,
    average.map((value) => value * SCENE_TINT),
    await middleMask(width, height),
  );
  return { base: sceneAt(markup, width, height), over: [photo] };
}
