import type { Rgb } from '../../colour';
import { decodeFailure } from '../../decode';
import type { Dice } from '../../hash';
import type { SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import { eachRow, intermediateJpeg, uprightPixels } from './pixels';
import { mentions } from './words';

/** A named light: where it comes from, its colour, how soft it is, and what it leaves of the background. */
export interface Light {
  /** Unit vector towards the light in the picture (x right, y down); null for a light behind the subject (a rim). */
  from: { x: number; y: number } | null;
  colour: Rgb;
  /** 0 hard (deep shadow on the far side) to 1 soft (nearly even). */
  softness: number;
  /** The background's brightness under this light (1 unchanged). */
  background: number;
}

const WARM: Rgb = [255, 196, 130];
const COOL: Rgb = [176, 204, 255];

const COLOURS: readonly (readonly [readonly string[], Rgb])[] = [
  [
    ['golden', 'sunset', 'sunrise', 'candle', 'fire', 'campfire', 'lantern', 'street', 'tungsten', 'warm', 'lamp'],
    WARM,
  ],
  [['blue', 'moon', 'winter', 'north', 'starlight', 'cool', 'silvery'], COOL],
  [['aurora'], [130, 255, 200]],
  [
    ['blacklight', 'ultraviolet'],
    [160, 100, 255],
  ],
  [
    ['neon', 'gel', 'disco', 'concert'],
    [255, 90, 200],
  ],
];

/** The light an option's words name; the user's colour for it, when chosen, colours it. */
export function lightFor(words: string, dice: Dice, colours: readonly Rgb[]): Light {
  const side = dice.next() < 0.5 ? -1 : 1;
  const from = mentions(words, ['rim', 'backlight', 'silhouette'])
    ? null
    : mentions(words, ['below', 'under'])
      ? { x: 0, y: 1 }
      : mentions(words, ['above', 'butterfly', 'god rays', 'midday', 'spotlight', 'overhead'])
        ? { x: 0, y: -1 }
        : mentions(words, ['side', 'window', 'split', 'rembrandt', 'half'])
          ? { x: side * 0.95, y: -0.3 }
          : { x: side * 0.7, y: -0.7 };
  const colour = colours[0] ?? COLOURS.find(([named]) => mentions(words, named))?.[1] ?? [255, 246, 236];
  const softness = mentions(words, [
    'soft',
    'diffused',
    'overcast',
    'softbox',
    'even',
    'mist',
    'window',
    'ring',
    'high key',
  ])
    ? 0.85
    : mentions(words, [
          'hard',
          'crisp',
          'dramatic',
          'spotlight',
          'split',
          'chiaroscuro',
          'flash',
          'lightning',
          'low key',
        ])
      ? 0.15
      : 0.5;
  const background = mentions(words, ['silhouette', 'high key'])
    ? 1.15
    : mentions(words, [
          'low key',
          'night',
          'dark',
          'spotlight',
          'stage',
          'chiaroscuro',
          'candle',
          'campfire',
          'moon',
          'star',
        ])
      ? 0.6
      : 0.92;
  return { from, colour, softness, background };
}

/** The person's own shade where no light reaches (a silhouette is nearly black). */
const AMBIENT = 0.45;
const SILHOUETTE_AMBIENT = 0.25;
/** How far a rim of light reaches into the person, per 1000 px of long edge. */
const RIM_REACH = 8;

/**
 * The person relit by the light, separately from the background: lit on the side the light comes
 * from and shaded on the other (more so for a hard light), tinted by its colour, with a rim of
 * light for a light from behind; the background dimmed or brightened as the light leaves it.
 * Without a person the picture is returned as it is (the lighting grade still applies to it).
 */
export async function relight(image: Buffer, analysis: SubjectAnalysis, light: Light): Promise<Buffer> {
  const person = analysis.person;
  if (!person) return image;
  try {
    const picture = await uprightPixels(image);
    const { width, height } = picture;
    const edge = Math.max(width, height) / 1000;
    const inner = await sharp(person.mask, { raw: { width, height, channels: 1 } })
      .blur(RIM_REACH * edge)
      .extractChannel(0)
      .raw()
      .toBuffer();
    // The light falls across the face when there is one (a split light halves it), else across the body.
    const face = analysis.faces[0]?.box;
    const { box } = person;
    const [cx, cy, hw, hh] = face
      ? [face.left + face.width / 2, face.top + face.height / 2, face.width * 0.75, face.height * 1.5]
      : [box.left + box.width / 2, box.top + box.height / 2, Math.max(1, box.width / 2), Math.max(1, box.height / 2)];
    const contrast = 1.2 - light.softness;
    const tint = light.colour.map((value) => value / 255);
    const silhouette = light.from === null && light.background > 1;
    const out = new Uint8ClampedArray(width * height * 3);
    await eachRow(width, height, (y) => {
      for (let x = 0; x < width; x += 1) {
        const index = y * width + x;
        const a = (person.mask[index] ?? 0) / 255;
        const toward = light.from ? ((x - cx) / hw) * light.from.x + ((y - cy) / hh) * light.from.y : -1;
        const lit = Math.min(1, Math.max(0, 0.5 + 0.5 * contrast * toward));
        const rim = light.from === null ? 1.4 * a * Math.max(0, 1 - (inner[index] ?? 0) / 255) : 0;
        const ambient = silhouette ? SILHOUETTE_AMBIENT : AMBIENT;
        for (let channel = 0; channel < 3; channel += 1) {
          const at = index * 3 + channel;
          const value = picture.data[at] ?? 0;
          const key = tint[channel] ?? 1;
          const relit = value * (ambient + (1.25 - ambient) * lit * key) + 255 * rim * key;
          out[at] = relit * a + value * light.background * (1 - a);
        }
      }
    });
    return await intermediateJpeg(out, width, height);
  } catch (cause) {
    throw decodeFailure(cause);
  }
}
