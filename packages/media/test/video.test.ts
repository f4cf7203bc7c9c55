import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalVideoEngine, MEDIA_MESSAGES, findFfmpeg, videoFrame } from '../src/index';
import { photo } from './support/images';

/** What `ffmpeg -i file` says about a file (it prints to stderr and exits 1 for want of an output). */
async function probe(file: string): Promise<string> {
  return spawnSync(await findFfmpeg(process.env.PATH), ['-hide_banner', '-i', file], { encoding: 'utf8' }).stderr;
}

/** The top-level boxes of an MP4 file, in order. */
function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(offset);
    boxes.push(bytes.subarray(offset + 4, offset + 8).toString('latin1'));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

// Encoding six seconds of 768p takes a few seconds of CPU, more on a busy machine.
describe('LocalVideoEngine', { timeout: 60_000 }, () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'atelier-video-test-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('makes a playable 6-second 768p H.264 MP4 and a poster from a picture', async () => {
    const engine = new LocalVideoEngine();
    const { video, poster } = await engine.generate({
      image: await photo(320, 240),
      prompt: 'la scène prend vie',
      duration: 6,
      resolution: '768p',
    });
    const file = join(directory, 'clip.mp4');
    await writeFile(file, video);
    const report = await probe(file);
    expect(report).toMatch(/Duration: 00:00:0(5\.9\d|6\.0\d)/);
    expect(report).toMatch(/Video: h264 \([^)]*\).*yuv420p.*1024x768/);
    expect(report).toMatch(/\b25 fps\b/);
    // +faststart: the index (moov) comes before the media data, so playback starts while downloading.
    const boxes = topLevelBoxes(video);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
  });

  it('keeps the picture shape within 9:16 and 16:9, with 768 on the short side', () => {
    expect(videoFrame({ width: 4000, height: 3000 })).toEqual({ width: 1024, height: 768 });
    expect(videoFrame({ width: 1080, height: 1920 })).toEqual({ width: 768, height: 1366 });
    expect(videoFrame({ width: 3200, height: 900 })).toEqual({ width: 1366, height: 768 });
    expect(videoFrame({ width: 500, height: 500 })).toEqual({ width: 768, height: 768 });
  });

  it('reports a failure in French when ffmpeg cannot finish in time', async () => {
    const engine = new LocalVideoEngine({ timeoutMs: 50 });
    await expect(
      engine.generate({ image: await photo(320, 240), prompt: '', duration: 6, resolution: '768p' }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: MEDIA_MESSAGES.videoFailed,
    });
  });

  it('refuses a source that is not an image', async () => {
    const engine = new LocalVideoEngine();
    await expect(
      engine.generate({ image: Buffer.from('pas une image'), prompt: '', duration: 6, resolution: '768p' }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
  });
});
