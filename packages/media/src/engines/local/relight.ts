import type { Rgb } from '../../color';
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
    const tint = light.colour.map((value) => value / 255);
    const silhouette = behind && light.background > 1;
    const out = new Uint8ClampedArray(width * height * 3);
    await eachRow(width, height, (y) => {
      for (let x = 0; x < width; x += 1) {
        const index = y * width + x;
        const a = (person.mask[index] ?? 0) / 255;
        const toward = light.from ? ((x - cx) / hw) * light.from.x + ((y - cy) / hh) * light.from.y : -1;
        const lit = Math.min(1, Math.max(0, 0.5 + 0.5 * contrast * toward));
        const spread = (inner?.[index] ?? 0) / 255;
        const rim = behind ? Math.min(1, RIM_STRENGTH * (1 - spread)) * (silhouette ? SILHOUETTE_RIM : 1) : 0;
        // A silhouette stands against a bright background already: no halo around it.
        const halo = behind && !silhouette ? HALO_STRENGTH * spread : 0;
        const ambient = silhouette ? SILHOUETTE_AMBIENT : AMBIENT;
        for (let channel = 0; channel < 3; channel += 1) {
          const at = index * 3 + channel;
          const value = picture.data[at] ?? 0;
          const key = tint[channel] ?? 1;
          // The rim and the halo are light added as a screen adds it: towards white, never past it.
          const shaded = value * (behind && !silhouette ? BACKLIT_FRONT : ambient + (1.25 - ambient) * lit * key);
          const relit = shaded + (255 - shaded) * rim * key;
          const background = Math.min(255, value * light.background);
          out[at] = relit * a + (background + (255 - background) * halo * key) * (1 - a);
        }
      }
    });
    return rawPicture(out, width, height);
  } catch (cause) {
    throw decodeFailure(cause);
  }
}
