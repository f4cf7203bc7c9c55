import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The ffmpeg in one of `searchPath`'s directories (a PATH-style list) when there is one, as a system
 * build is usually newer, else the one inside @ffmpeg-installer, loaded only when needed.
 */
export async function findFfmpeg(searchPath = ''): Promise<string> {
  for (const directory of searchPath.split(delimiter).filter(Boolean)) {
    const candidate = join(directory, 'ffmpeg');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  const installer = await import('@ffmpeg-installer/ffmpeg');
  return installer.default.path;
}

/** Keep the end of ffmpeg's log: that is where it says what went wrong. */
const LOG_TAIL = 4000;

export interface FfmpegRunOptions {
  /** Kills ffmpeg when aborted (a canceled generation). */
  signal?: AbortSignal | undefined;
  /** Told how many seconds of output are written, as ffmpeg reports its progress. */
  onTime?: ((seconds: number) => void) | undefined;
}

/**
 * Runs ffmpeg, killing it past `timeoutMs` or when `signal` aborts; resolves with its log
 * (stderr), rejects on failure. With `onTime`, ffmpeg writes its progress to stdout (`-progress`).
 */
export function runFfmpeg(
  binary: string,
  args: readonly string[],
  timeoutMs: number,
  options: FfmpegRunOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const { signal, onTime } = options;
    if (signal?.aborted) {
      reject(new Error('ffmpeg not started: the work was canceled'));
      return;
    }
    const progressArgs = onTime ? ['-progress', 'pipe:1', '-nostats'] : [];
    const child = spawn(binary, [...progressArgs, ...args], { stdio: ['ignore', onTime ? 'pipe' : 'ignore', 'pipe'] });
    let log = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      log = (log + chunk).slice(-LOG_TAIL);
    });
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      const written = [...chunk.matchAll(/out_time_us=(\d+)/g)].at(-1)?.[1];
      if (written) onTime?.(Number(written) / 1e6);
    });
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, timeoutMs);
    signal?.addEventListener('abort', kill, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
    };
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('close', (code, closeSignal) => {
      done();
      if (code === 0) resolve(log);
      else
        reject(
          new Error(
            closeSignal
              ? `ffmpeg stopped by ${closeSignal} (time limit ${timeoutMs} ms, or canceled)`
              : `ffmpeg exited with ${code}: ${log}`,
          ),
        );
    });
  });
}
