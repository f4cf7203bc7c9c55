import { eachChannel, type Rgb } from '../../color';
import { decodeFailure } from '../../decode';
import type { Dice } from '../../hash';
import type { SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import type { Lighting } from './lights';
import { eachRow, rawPicture, uprightPixels, type WorkPicture } from './pixels';

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

/** The light a lighting option declares (lights.ts), on the option's side; the user's colour for it, when chosen, colours it. */
export function lightFor(lighting: Lighting, dice: Dice, colours: readonly Rgb[]): Light {
  const side = dice.next() < 0.5 ? -1 : 1;
  const from = {
    side: { x: side * 0.95, y: -0.3 },
    'high-side': { x: side * 0.7, y: -0.7 },
    above: { x: 0, y: -1 },
    below: { x: 0, y: 1 },
    behind: null,
  }[lighting.from];
  return { from, colour: colours[0] ?? lighting.colour, softness: lighting.softness, background: lighting.background };
}

/** The person's own shade where no light reaches (a silhouette is nearly black). */
const AMBIENT = 0.45;
const SILHOUETTE_AMBIENT = 0.25;
/**
 * A light from behind: how far its rim reaches into the person (a blur of their matte, per 1000 px
 * of long edge), how bright it is there (1 is white at the very edge), and how much of it spills
 * onto the background just around them: a halo, as a backlit head of hair shows.
 */
const RIM_REACH = 20;
const RIM_STRENGTH = 1.7;
const HALO_STRENGTH = 0.35;
/** A silhouette's rim is a thin line of light: this share of a backlight's. */
const SILHOUETTE_RIM = 0.4;
/** A backlit person's front is in their own shade, lighter than a silhouette's. */
const BACKLIT_FRONT = 0.8;

/**
 * The person relit by the light, separately from the background: lit on the side the light comes
 * from and shaded on the other (more so for a hard light), tinted by its colour; a light from
 * behind rims their outline (their matte's edge) and spills a halo around it; the background is
 * dimmed or brightened as the light leaves it. Without a person the picture is returned as it is
 * (the lighting grade still applies to it).
 */
export async function relight(
  image: WorkPicture,
  analysis: SubjectAnalysis | null,
  light: Light,
): Promise<WorkPicture> {
  const person = analysis?.person;
  if (!person) return image;
  try {
    const picture = await uprightPixels(image);
    const { width, height } = picture;
    const edge = Math.max(width, height) / 1000;
    const behind = light.from === null;
    // The matte blurred: under 255 near the person's outline (inside), over 0 just past it (outside).
    // Only a light from behind draws a rim and a halo from it.
    const inner = behind
      ? await sharp(person.mask, { raw: { width, height, channels: 1 } })
          .blur(RIM_REACH * edge)
          .extractChannel(0)
          .raw()
          .toBuffer()
      : null;
    // The light falls across the face when there is one (a split light halves it), else across the body.
    const face = analysis.faces[0]?.box;
    const { box } = person;
    const [cx, cy, hw, hh] = face
      ? [face.left + face.width / 2, face.top + face.height / 2, face.width * 0.75, face.height * 1.5]
      : [box.left + box.width / 2, box.top + box.height / 2, Math.max(1, box.width / 2), Math.max(1, box.height / 2)];
    const contrast = 1.2 - light.softness;
    const tint = eachChannel(light.colour, (value) => value / 255);
    const silhouette = behind && light.background > 1;
    const ambient = silhouette ? SILHOUETTE_AMBIENT : AMBIENT;
    // How lit a pixel is: 0.5 + 0.5 × contrast × how far towards the light it is, between 0 and 1.
    // Along a row it grows by the same step; a light from behind lights the person evenly.
    const [alongX, alongY, atOrigin] = light.from
      ? [
          (0.5 * contrast * light.from.x) / hw,
          (0.5 * contrast * light.from.y) / hh,
          0.5 - 0.5 * contrast * ((cx / hw) * light.from.x + (cy / hh) * light.from.y),
        ]
      : [0, 0, 0.5 - 0.5 * contrast];
    const pixels: LitPixels = {
      data: picture.data,
      mask: person.mask,
      out: new Uint8ClampedArray(width * height * 3),
      width,
      // The background under the light, by the value it had: a table instead of a product and a bound.
      background: Float32Array.from({ length: 256 }, (_, value) => Math.min(255, value * light.background)),
    };
    if (inner) {
      const lit = Math.min(1, Math.max(0, atOrigin));
      const backlight: Backlight = {
        inner,
        tint,
        // Lit from behind, the person keeps one shade per channel: their own, or a silhouette's dark.
        front: eachChannel(tint, (key) => (silhouette ? ambient + (1.25 - ambient) * lit * key : BACKLIT_FRONT)),
        rimShare: silhouette ? SILHOUETTE_RIM : 1,
        // A silhouette stands against a bright background already: no halo around it.
        halo: silhouette ? 0 : HALO_STRENGTH,
      };
      await eachRow(width, height, (y) => backlitRow(pixels, y, backlight));
    } else {
      const gain = eachChannel(tint, (key) => (1.25 - ambient) * key);
      await eachRow(width, height, (y) => litRow(pixels, y, atOrigin + alongY * y, alongX, ambient, gain));
    }
    return rawPicture(pixels.out, width, height);
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

/** A row's pixels, what the light does to them, and where they go. */
interface LitPixels {
  data: Buffer;
  mask: Buffer;
  out: Uint8ClampedArray;
  width: number;
  background: Float32Array;
}

// The two loops below run once per pixel of a 12 MP picture: everything they read is a local or an
// argument, so that they compile to plain arithmetic (the picture's closure and a light's branches
// in the loop made the relight cost twice as much).

/** A row lit from one side: each channel × (ambient + lit × gain) on the person, the background's table elsewhere. */
function litRow(pixels: LitPixels, y: number, litAtStart: number, litStep: number, ambient: number, gain: Rgb): void {
  const { data, mask, out, width, background } = pixels;
  const [g0, g1, g2] = gain;
  let lit = litAtStart;
  for (let index = y * width, end = index + width; index < end; index += 1, lit += litStep) {
    const at = index * 3;
    const d0 = background[data[at] ?? 0] ?? 0;
    const d1 = background[data[at + 1] ?? 0] ?? 0;
    const d2 = background[data[at + 2] ?? 0] ?? 0;
    const a = (mask[index] ?? 0) / 255;
    // Most of a picture is all background: nothing of the person to mix in there.
    if (a === 0) {
      out[at] = d0;
      out[at + 1] = d1;
      out[at + 2] = d2;
      continue;
    }
    const shade = lit < 0 ? 0 : lit > 1 ? 1 : lit;
    out[at] = d0 + a * ((data[at] ?? 0) * (ambient + shade * g0) - d0);
    out[at + 1] = d1 + a * ((data[at + 1] ?? 0) * (ambient + shade * g1) - d1);
    out[at + 2] = d2 + a * ((data[at + 2] ?? 0) * (ambient + shade * g2) - d2);
  }
}

/** A light from behind: the blurred matte its rim and halo follow, and how strong each is. */
interface Backlight {
  inner: Buffer;
  tint: Rgb;
  front: Rgb;
  /** The share of a full rim (a silhouette's is a thin line). */
  rimShare: number;
  halo: number;
}

/**
 * A row lit from behind: the person in their front shade with a rim of light where the blurred matte
 * falls below 255, a halo where it spills past them. The rim and the halo are light added as a
 * screen adds it: towards white, never past it.
 */
function backlitRow(pixels: LitPixels, y: number, { inner, tint, front, rimShare, halo }: Backlight): void {
  const { data, mask, out, width, background } = pixels;
  for (let index = y * width, end = index + width; index < end; index += 1) {
    const a = (mask[index] ?? 0) / 255;
    const spread = (inner[index] ?? 0) / 255;
    const rim = Math.min(1, RIM_STRENGTH * (1 - spread)) * rimShare;
    for (let channel = 0; channel < 3; channel += 1) {
      const at = index * 3 + channel;
      const value = data[at] ?? 0;
      const key = tint[channel] ?? 1;
      const dim = background[value] ?? 0;
      const shaded = value * (front[channel] ?? 1);
      out[at] = (shaded + (255 - shaded) * rim * key) * a + (dim + (255 - dim) * halo * spread * key) * (1 - a);
    }
  }
}
