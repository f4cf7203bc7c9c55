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

/** Runs ffmpeg, killing it past `timeoutMs`; resolves with its log (stderr), rejects on failure. */
export function runFfmpeg(binary: string, args: readonly string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      log = (log + chunk).slice(-LOG_TAIL);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(log);
      else reject(new Error(signal ? `ffmpeg stopped by ${signal} (time limit ${timeoutMs} ms)` : `ffmpeg exited with ${code}: ${log}`));
    });
  });
}
