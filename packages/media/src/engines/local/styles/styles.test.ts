import { getSelectableOptions, isCloudOnly } from '@atelier/catalog';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_NAMES, readPhoto } from '../../../../test/support/photos';
import { STYLE_FAMILIES, type StyleFamily } from './families';
import { stylise, type StyledPicture } from './stylise';

const photos = new Map<string, { image: Buffer; longEdge: number }>();

beforeAll(async () => {
  for (const name of PHOTO_NAMES) {
    const image = await readPhoto(name);
    const { width = 0, height = 0 } = await sharp(image).metadata();
    photos.set(name, { image, longEdge: Math.max(width, height) });
  }
});

function family(id: string): StyleFamily {
  const found = STYLE_FAMILIES[id];
  if (!found) throw new Error(`no family for ${id}`);
  return found;
}

async function styled(id: string, name: string): Promise<StyledPicture> {
  const photo = photos.get(name);
  if (!photo) throw new Error(name);
  return stylise(photo.image, photo.longEdge, family(id), 1, 1);
}

/** The photo decoded at the styled picture's size, for pixel-by-pixel comparisons. */
async function original(name: string, picture: StyledPicture): Promise<Buffer> {
  return sharp(photos.get(name)?.image)
    .resize(picture.width, picture.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

const lum = (data: Buffer, pixel: number) =>
  (0.299 * (data[pixel * 3] ?? 0) + 0.587 * (data[pixel * 3 + 1] ?? 0) + 0.114 * (data[pixel * 3 + 2] ?? 0)) / 255;

/** Share of the pixels painted in the `count` most frequent colours. */
function topColourShare(data: Buffer, count: number): number {
  const counts = new Map<number, number>();
  for (let at = 0; at < data.length; at += 3) {
    const key = ((data[at] ?? 0) << 16) | ((data[at + 1] ?? 0) << 8) | (data[at + 2] ?? 0);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = [...counts.values()].sort((a, b) => b - a).slice(0, count);
  return top.reduce((sum, value) => sum + value, 0) / (data.length / 3);
}

/** 1 where the photo has an edge (Sobel magnitude on luminance) within two pixels, else 0. */
function edgeMap(data: Buffer, width: number, height: number): Uint8Array {
  const strong = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const at = (dx: number, dy: number) => lum(data, (y + dy) * width + x + dx);
      const gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
      const gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1);
      if (Math.hypot(gx, gy) > 0.35) strong[y * width + x] = 1;
    }
  }
  const near = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      for (let dy = -2; dy <= 2 && near[y * width + x] === 0; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < height && xx >= 0 && xx < width && strong[yy * width + xx] === 1) {
            near[y * width + x] = 1;
            break;
          }
        }
      }
    }
  }
  return near;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Mean colour difference (0–1) between two same-size pictures after both are averaged over blocks of `block` pixels. */
async function blockDifference(a: Buffer, b: Buffer, width: number, height: number, block: number): Promise<number> {
  const small = (data: Buffer) =>
    sharp(data, { raw: { width, height, channels: 3 } })
      .resize(Math.max(1, Math.round(width / block)), Math.max(1, Math.round(height / block)), { kernel: 'cubic' })
      .raw()
      .toBuffer();
  const [left, right] = await Promise.all([small(a), small(b)]);
  return left.reduce((sum, value, index) => sum + Math.abs(value - (right[index] ?? 0)), 0) / left.length / 255;
}

// Each test renders several styles on a real photo; the shared machine makes them slow at times.
describe('style families', { timeout: 60_000 }, () => {
  it('give every style the local engine offers a family, and none to a cloud-only one', () => {
    const styles = getSelectableOptions('style');
    const missing = styles.filter((option) => !isCloudOnly('style', option.id) && !STYLE_FAMILIES[option.id]);
    const dead = styles.filter((option) => isCloudOnly('style', option.id) && STYLE_FAMILIES[option.id]);
    expect({ missing: missing.map(({ id }) => id), dead: dead.map(({ id }) => id) }).toEqual({ missing: [], dead: [] });
  });

  it.each(PHOTO_NAMES)('cartoons and flat vectors paint %s in a few flat colours', async (name) => {
    const photoShare = topColourShare(await original(name, await styled('cartoon', name)), 16);
    for (const id of ['cartoon', 'comic-book', 'vector-flat']) {
      const picture = await styled(id, name);
      expect(topColourShare(picture.data, 16), id).toBeGreaterThan(0.55);
    }
    expect(photoShare).toBeLessThan(0.2);
  });

  it.each(PHOTO_NAMES)('pixel art turns %s into a small grid of at most 16 colours', async (name) => {
    const picture = await styled('pixel-art', name);
    expect(Math.max(picture.width, picture.height)).toBeLessThanOrEqual(112);
    expect(picture.nearest).toBe(true);
    expect(topColourShare(picture.data, 16)).toBe(1);
  });

  it.each(PHOTO_NAMES)('comics and cartoons ink their dark lines along the edges of %s', async (name) => {
    for (const id of ['comic-book', 'cartoon', 'manga']) {
      const picture = await styled(id, name);
      const photo = await original(name, picture);
      const edges = edgeMap(photo, picture.width, picture.height);
      // Lines: the darkest twentieth of the pixels the style darkened.
      const all = Array.from({ length: picture.width * picture.height }, (_, pixel) => pixel);
      const darkened = all.filter((pixel) => lum(picture.data, pixel) < lum(photo, pixel) - 0.05);
      const lines = darkened
        .sort((a, b) => lum(picture.data, a) - lum(picture.data, b))
        .slice(0, Math.ceil(edges.length / 20));
      const onEdges = lines.filter((pixel) => edges[pixel] === 1).length / Math.max(1, lines.length);
      const edgeShare = edges.reduce((sum, value) => sum + value, 0) / edges.length;
      expect(darkened.length / edges.length, id).toBeGreaterThan(0.05);
      expect(onEdges, id).toBeGreaterThan(Math.min(0.9, 1.5 * edgeShare));
    }
  });

  it.each(PHOTO_NAMES)('pencil and ink draw %s in grey on light paper', async (name) => {
    for (const id of ['pencil-sketch', 'ink-drawing']) {
      const picture = await styled(id, name);
      const pixels = picture.width * picture.height;
      let chroma = 0;
      for (let pixel = 0; pixel < pixels; pixel += 1) {
        const channels = [0, 1, 2].map((channel) => picture.data[pixel * 3 + channel] ?? 0);
        chroma += Math.max(...channels) - Math.min(...channels);
      }
      expect(chroma / pixels / 255, id).toBeLessThan(0.06);
    }
    const pencil = await styled('pencil-sketch', name);
    expect(
      mean(Array.from({ length: pencil.width * pencil.height }, (_, pixel) => lum(pencil.data, pixel))),
    ).toBeGreaterThan(0.6);
  });

  it.each(PHOTO_NAMES)('stained glass cuts %s into panes with dark lead between them', async (name) => {
    const picture = await styled('stained-glass', name);
    const pixels = picture.width * picture.height;
    const lead =
      Array.from({ length: pixels }, (_, pixel) => lum(picture.data, pixel)).filter((value) => value < 0.1).length /
      pixels;
    const photo = await original(name, picture);
    const photoDark =
      Array.from({ length: pixels }, (_, pixel) => lum(photo, pixel)).filter((value) => value < 0.1).length / pixels;
    expect(lead - photoDark).toBeGreaterThan(0.06);
  });

  it.each(PHOTO_NAMES)('painting styles repaint %s locally and keep its colours overall', async (name) => {
    for (const id of ['oil-painting', 'watercolor', 'pointillism']) {
      const picture = await styled(id, name);
      const photo = await original(name, picture);
      const local = await blockDifference(picture.data, photo, picture.width, picture.height, 1);
      const overall = await blockDifference(picture.data, photo, picture.width, picture.height, 24);
      // Not a tint: the brushwork changes the pixels much more than it changes the picture's colours.
      expect(local, id).toBeGreaterThan(0.025);
      expect(local / Math.max(overall, 1e-3), id).toBeGreaterThan(1.25);
      expect(overall, id).toBeLessThan(0.12);
    }
  });
});
