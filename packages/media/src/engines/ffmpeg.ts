import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** The ffmpeg on PATH when there is one (a system build is usually newer), else the one inside @ffmpeg-installer. */
export function findFfmpeg(): string {
  for (const directory of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(directory, 'ffmpeg');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
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
