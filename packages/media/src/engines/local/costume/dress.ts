import type { OverlayOptions } from 'sharp';
import type { Rgb } from '../../../color';
import { decodeFailure } from '../../../decode';
import { MediaError } from '../../../errors';
import type { SubjectAnalysis } from '../../../models';
import { sharp, type Sharp } from '../../../sharp';
import { n, svgDocument } from '../../../svg';
import { encodedIntermediate, upright, uprightPixels, type RawPicture } from '../pixels';
import { fitPerson, type Fit, type Placement } from './fit';
import type { Measures } from './pieces';
import type { Layer, Piece } from './wardrobe';

/** Why a garment worn below the waist or on the feet is refused on a picture that does not show them. */
export const NOT_IN_FRAME_MESSAGE =
  "Cette tenue se porte sous la taille ou aux pieds, qui n'apparaissent pas sur la photo : le moteur local ne l'ajoute que sur une photo en pied. Choisissez une photo où l'on voit les jambes et les pieds. Aucun crédit n'a été débité.";

/** One option's pieces, with the prefix its gradient ids take. */
export interface Outfit {
  id: string;
  pieces: readonly Piece[];
}

/** One piece at one of its placements, as SVG in the picture's pixels. */
export interface DrawnPiece {
  svg: string;
  at: Placement;
}

/**
 * The soft shadow a piece in front of the person casts, in the piece's units (it scales with it):
 * its outline blurred, moved down and to the right, in black at this opacity.
 */
export const SHADOW = { blur: 2.5, dx: 1.5, dy: 3, opacity: 0.45 } as const;
/** Matte values mapped to the body layer's opacity: nothing below the floor, everything past floor + ramp. */
export const MATTE_FLOOR = 0.2;
export const MATTE_RAMP = 0.4;
/** How much of the photo's own light and folds show through clothes drawn on the body (0 none)… */
export const FOLDS = 0.5;
/** …within these bounds (a deep fold never blackens a garment, a highlight never bleaches it)… */
export const LIGHT_RANGE = [0.55, 1.35] as const;
/** …blurred (long edge / this) so that its broad shading shows, not the old clothes' prints and badges, */
export const SHADING_BLUR = 120;
/** …at this long edge: the sketch on which the light is measured and the pieces are first found. */
export const SHADING_EDGE = 480;
/** The pieces are drawn at this long edge at most and enlarged: vector art stays smooth, a 12 MP picture is not drawn at its full size. */
const LAYER_EDGE = 2048;
/** A Gaussian blur's mask stops at this share of its peak (3 standard deviations)… */
const BLUR_MIN_AMPLITUDE = 0.01;
const BLUR_REACH = 3;
/** …and a shadow is blurred on a copy small enough for its standard deviation to be this many pixels. */
const SHADOW_BLUR_PIXELS = 2;

/** Raw pixels of 1 to 4 bands, row by row. */
interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** A rectangle of the picture, in whole pixels. */
interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What the pieces are drawn against: the picture's size, the scale they are drawn at, the photo's broad shading (the sketch's grid), the matte. */
interface Stage {
  width: number;
  height: number;
  scale: number;
  shading: Raw;
  mask: Buffer | null;
}

/**
 * The picture with the outfits fitted to its person: capes and wings behind them, clothes and face
 * paint on them (clipped by the matte, keeping the light and folds of the photo), hats, glasses and
 * props in front. Refuses (in French, as a validation error: nothing is charged) a picture without a
 * person, and a garment for legs or feet the picture does not show.
 *
 * The pieces cover a small part of the picture: each layer is found on a small sketch, then drawn,
 * lit and clipped over its own region only, in libvips (off the event loop).
 */
export async function dressPerson(
  image: Buffer,
  analysis: SubjectAnalysis,
  outfits: readonly Outfit[],
): Promise<Buffer> {
  const fit = fitPerson(analysis);
  const placed = outfits.map((outfit) => ({
    ...outfit,
    pieces: outfit.pieces.filter((entry) => placementsOf(entry, fit).length > 0),
  }));
  if (placed.some((outfit) => outfit.pieces.length === 0)) throw new MediaError('VALIDATION', NOT_IN_FRAME_MESSAGE);
  try {
    const [photo, shading] = await Promise.all([uprightPixels(image), broadShading(image)]);
    const skin = skinColour(photo, fit);
    const drawn = (layer: Layer) => drawnPieces(layer, placed, fit, skin);
    const scale = Math.min(1, LAYER_EDGE / Math.max(photo.width, photo.height));
    const stage: Stage = {
      width: photo.width,
      height: photo.height,
      scale,
      shading,
      mask: analysis.person?.mask ?? null,
    };
    const overlays = await Promise.all([
      behindOverlay(stage, drawn('behind')),
      bodyOverlay(stage, drawn('body')),
      ...drawn('front').map((piece) => frontOverlays(stage, piece)),
    ]);
    return await encodedIntermediate(
      sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } }).composite(overlays.flat()),
    );
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

function placementsOf(entry: Piece, fit: Fit): Placement[] {
  switch (entry.anchor) {
    case 'hips':
      return fit.hips ? [fit.hips] : [];
    case 'feet':
      return fit.feet;
    default:
      return [fit[entry.anchor]];
  }
}

function measuresOf(fit: Fit): Measures {
  return {
    brow: fit.head.brow,
    headroom: fit.head.headroom,
    nose: fit.eyes.nose,
    mouth: fit.eyes.mouth,
    chin: fit.eyes.chin,
    neck: fit.torso.neck,
  };
}

/** Each piece of one layer at each of its placements, in the order they are drawn. */
export function drawnPieces(layer: Layer, outfits: readonly Outfit[], fit: Fit, skin: Rgb): DrawnPiece[] {
  const measures = measuresOf(fit);
  return outfits.flatMap(({ id, pieces }) =>
    pieces.flatMap((entry, index) => {
      if (entry.layer !== layer) return [];
      // A hand's accent is the skin, unless the piece brings its own (gloves).
      const accent = entry.accent ?? (entry.anchor === 'hand' ? skin : entry.main);
      const drawn = entry.draw({ id: `${id}-${layer}-${index}`, main: entry.main, accent }, measures);
      const moved = entry.offset
        ? [
            `<g transform="translate(${n(entry.offset.dx)} ${n(entry.offset.dy)}) scale(${entry.offset.scale})">`,
            drawn,
            '</g>',
          ].join('')
        : drawn;
      return placementsOf(entry, fit).map((at) => ({
        svg: [
          `<g transform="translate(${n(at.x)} ${n(at.y)}) rotate(${n(at.angle)}) scale(${(at.unit / 100).toFixed(4)})">`,
          moved,
          '</g>',
        ].join(''),
        at,
      }));
    }),
  );
}

/** The average colour of the cheeks and nose: the colour of hands drawn holding props. */
export function skinColour(photo: RawPicture, fit: Fit): Rgb {
  const { x, y, unit } = fit.eyes;
  const sum = [0, 0, 0];
  let count = 0;
  for (let dy = 0.2; dy <= 0.6; dy += 0.1) {
    for (let dx = -0.5; dx <= 0.5; dx += 0.1) {
      const px = Math.round(x + dx * unit);
      const py = Math.round(y + dy * unit);
      if (px < 0 || py < 0 || px >= photo.width || py >= photo.height) continue;
      const at = (py * photo.width + px) * 3;
      for (let channel = 0; channel < 3; channel += 1)
        sum[channel] = (sum[channel] ?? 0) + (photo.data[at + channel] ?? 0);
      count += 1;
    }
  }
  return count === 0 ? [220, 175, 145] : [(sum[0] ?? 0) / count, (sum[1] ?? 0) / count, (sum[2] ?? 0) / count];
}

/** The photo's broad shading, grey and blurred at SHADING_EDGE: it needs no detail, so a JPEG is decoded small. */
function broadShading(image: Buffer): Promise<Raw> {
  return pixels(
    upright(image)
      .greyscale()
      .resize(SHADING_EDGE, SHADING_EDGE, { fit: 'inside', withoutEnlargement: true })
      .blur(SHADING_EDGE / SHADING_BLUR)
      .extractChannel(0),
  );
}

/** Capes, wings and hoods, seen only where the matte says background (nowhere without a matte). */
async function behindOverlay(stage: Stage, pieces: readonly DrawnPiece[]): Promise<OverlayOptions[]> {
  const svg = pieces.map((piece) => piece.svg).join('');
  if (!svg || !stage.mask) return [];
  const { region } = await sketch(stage, svg, 0);
  if (!region) return [];
  const drawn = await gated(stage, await drawRegion(stage, svg, region), region, 'dest-out');
  return [await placed(enlarged(drawn, region), region)];
}

/**
 * Clothes and face paint, only where the matte says person, lit by the photo's own broad shading
 * (against its mean under the clothes: folds and shadows stay, the garment keeps its colour).
 */
async function bodyOverlay(stage: Stage, pieces: readonly DrawnPiece[]): Promise<OverlayOptions[]> {
  const svg = pieces.map((piece) => piece.svg).join('');
  if (!svg) return [];
  const { region, alpha } = await sketch(stage, svg, 0);
  if (!region) return [];
  const ungated = await drawRegion(stage, svg, region);
  const [drawn, light] = await Promise.all([
    gated(stage, ungated, region, 'dest-in'),
    lightOver(stage, alpha, region, ungated),
  ]);
  // Lit on black, the colour comes out premultiplied by its opacity: rejoined, the edges keep their colour.
  const [litOnBlack, opacity] = await Promise.all([
    pixels(
      sharp(drawn.data, { raw: rawOf(drawn) })
        .flatten({ background: '#000000' })
        .composite([{ input: light.data, raw: rawOf(light), blend: 'multiply' }])
        .linear(LIGHT_RANGE[1], 0)
        .removeAlpha(),
    ),
    pixels(sharp(drawn.data, { raw: rawOf(drawn) }).extractChannel(3)),
  ]);
  const lit = await pixels(
    sharp(litOnBlack.data, { raw: rawOf(litOnBlack) }).joinChannel(opacity.data, { raw: rawOf(opacity) }),
  );
  return [await placed(enlarged(lit, region, true), region)];
}

/**
 * A hat, glasses or a prop over its own soft shadow. The shadow darkens by multiplying with
 * 1 − opacity, the same as black laid over at that opacity. It is blurred on a copy small enough
 * for the blur to span SHADOW_BLUR_PIXELS, then enlarged: it holds no detail the copy would lose.
 */
async function frontOverlays(stage: Stage, { svg, at }: DrawnPiece): Promise<OverlayOptions[]> {
  const shadow = shadowOf(at);
  const { region } = await sketch(stage, svg, BLUR_REACH * shadow.blur);
  if (!region) return [];
  const drawn = await drawRegion(stage, svg, region);
  const blur = Math.max(0.3, shadow.blur * stage.scale);
  const shrink = Math.min(1, SHADOW_BLUR_PIXELS / blur);
  const outline = await pixels(
    sharp(drawn.data, { raw: rawOf(drawn) })
      .resize(Math.max(1, Math.round(drawn.width * shrink)), Math.max(1, Math.round(drawn.height * shrink)), {
        fit: 'fill',
      })
      .blur({ sigma: Math.max(0.3, blur * shrink), minAmplitude: BLUR_MIN_AMPLITUDE })
      .extractChannel(3),
  );
  const darkening = sharp(outline.data, { raw: rawOf(outline) })
    .resize(region.width, region.height, { fit: 'fill' })
    .linear(-SHADOW.opacity, 255)
    .extractChannel(0);
  const moved = { ...region, left: region.left + Math.round(shadow.dx), top: region.top + Math.round(shadow.dy) };
  return Promise.all([placed(darkening, moved, 'multiply'), placed(enlarged(drawn, region), region)]);
}

/** A piece's shadow in the picture's pixels: its blur's standard deviation, and its offset turned with the piece. */
export function shadowOf({ angle, unit }: Placement): { blur: number; dx: number; dy: number } {
  const [scale, radians] = [unit / 100, (angle * Math.PI) / 180];
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  return {
    blur: SHADOW.blur * scale,
    dx: (SHADOW.dx * cos - SHADOW.dy * sin) * scale,
    dy: (SHADOW.dx * sin + SHADOW.dy * cos) * scale,
  };
}

/**
 * Pieces drawn on the sketch (the shading's grid): their opacity there, and the region of the
 * picture they cover, with a sketch pixel and `margin` picture pixels around (null when none shows).
 */
async function sketch(stage: Stage, svg: string, margin: number): Promise<{ alpha: Buffer; region: Region | null }> {
  const { width, height } = stage.shading;
  const alpha = await sharp(svgDocument(width, height, stage.width, stage.height, svg))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer();
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (alpha[y * width + x] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return { alpha, region: null };
  const [kx, ky] = [stage.width / width, stage.height / height];
  const from = {
    x: Math.max(0, Math.floor((left - 1) * kx - margin)),
    y: Math.max(0, Math.floor((top - 1) * ky - margin)),
  };
  const to = {
    x: Math.min(stage.width, Math.ceil((right + 2) * kx + margin)),
    y: Math.min(stage.height, Math.ceil((bottom + 2) * ky + margin)),
  };
  return { alpha, region: { left: from.x, top: from.y, width: to.x - from.x, height: to.y - from.y } };
}

/** A region of pieces drawn at the stage's scale, as RGBA. */
function drawRegion(stage: Stage, svg: string, region: Region): Promise<Raw> {
  const width = Math.max(1, Math.round(region.width * stage.scale));
  const height = Math.max(1, Math.round(region.height * stage.scale));
  return pixels(
    sharp(
      svgDocument(
        width,
        height,
        region.width,
        region.height,
        `<g transform="translate(${-region.left} ${-region.top})">${svg}</g>`,
      ),
    ).ensureAlpha(),
  );
}

/**
 * A drawing kept where the matte says person (dest-in) or background (dest-out), at the drawing's
 * scale: the matte is found at a much smaller size (analyse.ts) and holds no finer detail. It is
 * soft inside the person too (RVM): clothes are opaque from well below its middle.
 */
async function gated(stage: Stage, drawn: Raw, region: Region, blend: 'dest-in' | 'dest-out'): Promise<Raw> {
  if (!stage.mask) return drawn;
  const opacity = await pixels(
    sharp(stage.mask, { raw: { width: stage.width, height: stage.height, channels: 1 } })
      .extract(region)
      .resize(drawn.width, drawn.height, { fit: 'fill' })
      .linear(1 / MATTE_RAMP, (-255 * MATTE_FLOOR) / MATTE_RAMP)
      .extractChannel(0),
  );
  const asAlpha = await pixels(
    sharp(opacity.data, { raw: rawOf(opacity) }).joinChannel(opacity.data, { raw: rawOf(opacity) }),
  );
  return pixels(
    sharp(drawn.data, { raw: rawOf(drawn) }).composite([{ input: asAlpha.data, raw: rawOf(asAlpha), blend }]),
  );
}

/**
 * The light on the clothes at each pixel of their drawing: 1 + FOLDS × (shading / mean − 1) within
 * LIGHT_RANGE, the mean taken under the clothes on the sketch; coded 0–255 for 0 to the range's top.
 */
function lightOver(stage: Stage, alpha: Buffer, region: Region, drawn: Raw): Promise<Raw> {
  const { data: shading, width, height } = stage.shading;
  let [sum, total] = [0, 0];
  for (let index = 0; index < shading.length; index += 1) {
    sum += (alpha[index] ?? 0) * (shading[index] ?? 0);
    total += alpha[index] ?? 0;
  }
  const mean = total > 0 ? Math.max(20, sum / total) : 128;
  const [low, high] = LIGHT_RANGE;
  const code = Array.from({ length: 256 }, (_, level) =>
    Math.round((Math.min(high, Math.max(low, 1 + FOLDS * (level / mean - 1))) / high) * 255),
  );
  const light = Buffer.from(shading.map((level) => code[level] ?? 0));
  // Enlarged to the whole picture at the drawing's scale, then cut: only the region is computed.
  const whole = {
    width: Math.max(drawn.width, Math.round(stage.width * stage.scale)),
    height: Math.max(drawn.height, Math.round(stage.height * stage.scale)),
  };
  const left = Math.min(whole.width - drawn.width, Math.round(region.left * stage.scale));
  const top = Math.min(whole.height - drawn.height, Math.round(region.top * stage.scale));
  return pixels(
    sharp(light, { raw: { width, height, channels: 1 } })
      .resize(whole.width, whole.height, { fit: 'fill' })
      .extract({ left, top, width: drawn.width, height: drawn.height })
      .extractChannel(0),
  );
}

/** Drawn pixels enlarged to their region of the picture. */
function enlarged(drawn: Raw, region: Region, premultiplied = false): Sharp {
  return sharp(drawn.data, { raw: { ...rawOf(drawn), premultiplied } }).resize(region.width, region.height, {
    fit: 'fill',
  });
}

/** A pipeline's pixels placed at a region's corner, for the composite over the photo. */
async function placed(
  pipeline: Sharp,
  { left, top }: Region,
  blend: OverlayOptions['blend'] = 'over',
): Promise<OverlayOptions> {
  const out = await pixels(pipeline);
  return { input: out.data, raw: rawOf(out), left, top, blend };
}

async function pixels(pipeline: Sharp): Promise<Raw> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function rawOf({ width, height, channels }: Raw): Omit<Raw, 'data'> {
  return { width, height, channels };
}
