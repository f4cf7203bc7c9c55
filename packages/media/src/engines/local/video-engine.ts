import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DECODE_OPTIONS, inspectImage } from '../../decode';
import { MEDIA_MESSAGES, MediaError } from '../../errors';
import { hashString } from '../../hash';
import { JPEG_OUTPUT } from '../../limits';
import { sharp } from '../../sharp';
import { findFfmpeg, runFfmpeg } from '../ffmpeg';
import type { GeneratedVideo, VideoEngine, VideoRequest } from '../types';
import type { Frame } from './geometry';

export interface LocalVideoOptions {
  /** The ffmpeg binary; by default the first found by findFfmpeg(searchPath). */
  ffmpegPath?: string;
  /** Directories to look for ffmpeg in, PATH-style; none by default (the bundled ffmpeg). */
  searchPath?: string;
  /** Default 120 s. */
  timeoutMs?: number;
}

const FPS = 25;
const SHORT_SIDE = 768;
/** Clips stay between 9:16 and 16:9; wider or taller pictures are cropped to that. */
const WIDEST = 16 / 9;
/** How far the camera pushes in over the clip. */
const ZOOM = 0.12;

const even = (value: number) => 2 * Math.round(value / 2);

/** 768p: the short side is 768, the long one follows the picture's shape (even numbers, as H.264 wants). */
export function videoFrame(source: Frame): Frame {
  const aspect = Math.min(WIDEST, Math.max(1 / WIDEST, source.width / source.height));
  return aspect >= 1
    ? { width: even(SHORT_SIDE * aspect), height: SHORT_SIDE }
    : { width: SHORT_SIDE, height: even(SHORT_SIDE / aspect) };
}

/**
 * The offline video engine: a slow push-in with a sideways drift (the "Ken Burns" move) over the
 * picture, 6 s at 25 fps, H.264 in an MP4 that starts playing before it has fully downloaded.
 */
export class LocalVideoEngine implements VideoEngine {
  readonly name = 'local';
  private ffmpeg: Promise<string> | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly options: LocalVideoOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
  }

  async generate(request: VideoRequest): Promise<GeneratedVideo> {
    const frame = videoFrame(await inspectImage(request.image));
    const crop = (width: number, height: number) =>
      sharp(request.image, DECODE_OPTIONS)
        .autoOrient()
        .resize(width, height, { fit: 'cover', position: 'centre' })
        .jpeg(JPEG_OUTPUT)
        .toBuffer();
    // The source is twice the clip's size, so the zoom's whole-pixel steps are half-pixel steps on screen.
    const [source, poster] = await Promise.all([
      crop(frame.width * 2, frame.height * 2),
      crop(frame.width, frame.height),
    ]);
    const directory = await mkdtemp(join(tmpdir(), 'atelier-video-'));
    try {
      const input = join(directory, 'source.jpg');
      const output = join(directory, 'clip.mp4');
      await writeFile(input, source);
      this.ffmpeg ??= this.options.ffmpegPath
        ? Promise.resolve(this.options.ffmpegPath)
        : findFfmpeg(this.options.searchPath);
      await runFfmpeg(await this.ffmpeg, this.arguments(input, output, frame, request), this.timeoutMs, {
        signal: request.signal,
        onTime: request.onProgress && ((seconds) => request.onProgress?.(Math.min(1, seconds / request.duration))),
      });
      return { video: await readFile(output), poster };
    } catch (cause) {
      throw new MediaError('UPSTREAM', MEDIA_MESSAGES.videoFailed, { cause });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  private arguments(input: string, output: string, frame: Frame, request: VideoRequest): string[] {
    const frames = request.duration * FPS;
    const last = frames - 1;
    // The drift goes left or right with the prompt and the seed, so different clips of one picture differ.
    const direction = hashString(`${request.prompt}:${request.seed ?? ''}`) % 2 === 0 ? 1 : -1;
    const zoom = `1+${ZOOM}*on/${last}`;
    const x = `(iw-iw/zoom)*(0.5+${0.35 * direction}*(on/${last}-0.5))`;
    const y = '(ih-ih/zoom)/2';
    return [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      input,
      '-vf',
      `zoompan=z='${zoom}':x='${x}':y='${y}':d=${frames}:s=${frame.width}x${frame.height}:fps=${FPS},format=yuv420p`,
      '-frames:v',
      String(frames),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '22',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      output,
    ];
  }
}
