import { WHITE, css, mix, type Rgb } from '../../colour';
import { decodeFailure } from '../../decode';
import { Dice } from '../../hash';
import type { SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import { svgDocument } from '../../svg';
import { sceneMarkup, type SceneParams } from '../../art/scene';
import { particlesMarkup, sceneFor, type OverlayContext } from './overlays';
import { eachRow, intermediateJpeg, uprightPixels, type RawPicture } from './pixels';

/** The scenes are drawn in a 1000 × 750 frame and fill any picture, cropped to its shape. */
const SCENE_FRAME = { width: 1000, height: 750 } as const;

/** How far the person's colours move towards the scene's average (0 none, 1 all the way). */
const HARMONY = 0.35;
/** Background light spilling over the person's edges: its reach (per 1000 px of long edge) and strength. */
const WRAP_REACH = 6;
const WRAP_STRENGTH = 0.55;
/** The soft shadow the person casts on the scene: its blur, drop (per 1000 px) and darkness. */
const SHADOW_BLUR = 18;
const SHADOW_DROP = 10;
const SHADOW_DARKNESS = 0.45;
/** Without a person, the scene shows around the picture's edges only: inside this radius (of the half-diagonal) it does not. */
const CLEAR_CENTRE = 0.4;
/** …and the whole picture takes on a little of the scene's colour. */
const SCENE_TINT = 0.12;

/** An environment option's full-frame scene: sky, light, ridges, water, city or stars, and its particles. */
export function environmentScene(context: Omit<OverlayContext, 'height'>): { markup: string; average: Rgb } {
  const scene = sceneFor({ ...context, height: SCENE_FRAME.height });
  const dice = new Dice(`${context.id}:scene`);
  const [top, horizon] = scene.sky;
  const far = mix(scene.ground, horizon, 0.55);
  const middle = mix(scene.ground, horizon, 0.28);
  const roughness = { peaks: 0.3, hills: 0.1, dunes: 0.05, trees: 0.22, waves: 0.03, skyline: 0.02, arches: 0.04, clouds: 0.08, none: 0.08 }[scene.horizon];
  const params: SceneParams = {
    seed: context.id,
    sky: [css(top), css(horizon)],
    light: { x: dice.between(180, 820), y: dice.between(110, 260), r: dice.between(28, 48), colour: css(mix(horizon, WHITE, 0.65)) },
    ridges: [
      { colour: css(far), height: dice.between(0.42, 0.5), roughness },
      { colour: css(middle), height: dice.between(0.3, 0.36), roughness: roughness * 0.8 },
      { colour: css(scene.ground), height: dice.between(0.16, 0.22), roughness: roughness * 0.6 },
    ],
    ...(scene.horizon === 'waves' ? { water: css(scene.ground) } : {}),
    ...(scene.horizon === 'skyline' || scene.horizon === 'arches' ? { skyline: css(mix(scene.ground, top, 0.2)) } : {}),
    ...(scene.particles === 'stars' ? { stars: true } : {}),
  };
  const particles = scene.particles === 'stars' ? '' : particlesMarkup(scene.particles, { ...context, height: SCENE_FRAME.height });
  return { markup: sceneMarkup(params) + particles, average: mix(mix(top, horizon, 0.5), scene.ground, 0.45) };
}

/** The scene at the picture's size, sharp and blurred (the light that wraps the person's edges). */
async function sceneAt(markup: string, width: number, height: number, blur: number): Promise<[Buffer, Buffer]> {
  const document = svgDocument(width, height, SCENE_FRAME.width, SCENE_FRAME.height, markup, 'xMidYMid slice');
  const scene = await sharp(document).flatten().toColourspace('srgb').removeAlpha().raw().toBuffer();
  const blurred = await sharp(scene, { raw: { width, height, channels: 3 } }).blur(blur).raw().toBuffer();
  return [scene, blurred];
}

async function blurredMask(mask: Buffer, width: number, height: number, sigma: number, drop = 0): Promise<Buffer> {
  const blurred = await sharp(mask, { raw: { width, height, channels: 1 } }).blur(Math.max(0.3, sigma)).extractChannel(0).raw().toBuffer();
  // The shadow falls a little below the person: the mask moved down `drop` rows.
  return drop > 0 ? Buffer.concat([Buffer.alloc(drop * width), blurred.subarray(0, (height - drop) * width)]) : blurred;
}

function averageUnder(pixels: RawPicture, weight: (index: number) => number): Rgb {
  const sum = [0, 0, 0];
  let total = 0;
  // Every 7th pixel is plenty for an average.
  for (let index = 0; index < pixels.width * pixels.height; index += 7) {
    const w = weight(index);
    total += w;
    for (let channel = 0; channel < 3; channel += 1) sum[channel] = (sum[channel] ?? 0) + w * (pixels.data[index * 3 + channel] ?? 0);
  }
  return total > 0 ? [(sum[0] ?? 0) / total, (sum[1] ?? 0) / total, (sum[2] ?? 0) / total] : [128, 128, 128];
}

/**
 * The picture placed in the scene. With a person: the person cut out by their matte, at the same
 * size and place, their colours moved towards the scene's, the scene's light wrapping their edges,
 * a soft shadow behind them. Without one: the scene shows around the edges only, never over the
 * middle where the subject is. Returns a JPEG the rest of the pipeline renders like an upload.
 */
export async function placeInScene(image: Buffer, analysis: SubjectAnalysis, scene: { markup: string; average: Rgb }): Promise<Buffer> {
  try {
    const photo = await uprightPixels(image);
    const { width, height } = photo;
    const edge = Math.max(width, height) / 1000;
    const [background, glow] = await sceneAt(scene.markup, width, height, WRAP_REACH * 3 * edge);
    // Clamped: light wrap and harmonisation may reach past 255.
    const out = new Uint8ClampedArray(width * height * 3);
    if (analysis.person) {
      const alpha = analysis.person.mask;
      const [inner, shadow] = await Promise.all([
        blurredMask(alpha, width, height, WRAP_REACH * edge),
        blurredMask(alpha, width, height, SHADOW_BLUR * edge, Math.round(SHADOW_DROP * edge)),
      ]);
      const personAverage = averageUnder(photo, (index) => (alpha[index] ?? 0) / 255);
      const gains = scene.average.map((value, channel) => 1 + HARMONY * (Math.max(0.6, Math.min(1.6, (value + 1) / ((personAverage[channel] ?? 128) + 1))) - 1));
      await eachRow(height, (y) => {
        for (let x = 0; x < width; x += 1) {
          const index = y * width + x;
          const a = (alpha[index] ?? 0) / 255;
          // Near the edge inside the person: where the blurred matte falls below the matte.
          const wrap = WRAP_STRENGTH * a * Math.max(0, 1 - (inner[index] ?? 0) / 255);
          const shade = 1 - SHADOW_DARKNESS * ((shadow[index] ?? 0) / 255);
          for (let channel = 0; channel < 3; channel += 1) {
            const at = index * 3 + channel;
            const person = (photo.data[at] ?? 0) * (gains[channel] ?? 1);
            const lit = person + ((glow[at] ?? 0) - person) * wrap;
            out[at] = lit * a + (background[at] ?? 0) * shade * (1 - a);
          }
        }
      });
    } else {
      const [cx, cy, reach] = [width / 2, height / 2, Math.hypot(width, height) / 2];
      await eachRow(height, (y) => {
        for (let x = 0; x < width; x += 1) {
          const distance = Math.hypot(x - cx, y - cy) / reach;
          const t = Math.min(1, Math.max(0, (distance - CLEAR_CENTRE) / (1 - CLEAR_CENTRE)));
          const a = t * t * (3 - 2 * t) * 0.9;
          const index = y * width + x;
          for (let channel = 0; channel < 3; channel += 1) {
            const at = index * 3 + channel;
            const tinted = (photo.data[at] ?? 0) * (1 - SCENE_TINT) + (scene.average[channel] ?? 0) * SCENE_TINT;
            out[at] = tinted * (1 - a) + (background[at] ?? 0) * a;
          }
        }
      });
    }
    return await intermediateJpeg(out, width, height);
  } catch (cause) {
    throw decodeFailure(cause);
  }
}
