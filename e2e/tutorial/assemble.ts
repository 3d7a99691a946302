/**
 * Assembles the tutorial's frames into the files the Connect Account page plays: WebM (VP9, what
 * Chromium and Firefox play) and MP4 (H.264, for Safari on iPhones), a JPEG poster (the first
 * frame) and WebVTT captions timed to the same steps. Needs ffmpeg (Debian: apt-get install ffmpeg);
 * only whoever re-records the video needs it, the built product ships the files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** How long each step stays on screen: long enough to read its caption twice. */
export const STEP_SECONDS = 5;

function ffmpeg(args: string[]): void {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.error) throw new Error(`ffmpeg could not be run (apt-get install ffmpeg): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

/** `mm:ss.mmm`, as WebVTT writes times. */
function vttTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${(seconds - minutes * 60).toFixed(3).padStart(6, '0')}`;
}

export function captionsVtt(captions: string[]): string {
  const cues = captions.map((text, i) => `${i + 1}\n${vttTime(i * STEP_SECONDS)} --> ${vttTime((i + 1) * STEP_SECONDS)}\n${text}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Writes `<name>.webm`, `<name>.mp4`, `<name>.jpg` and `<name>.vtt` into `outDir`. */
export function assembleVideo(frames: Buffer[], captions: string[], outDir: string, name: string): void {
  const work = mkdtempSync(path.join(tmpdir(), 'bp-tutorial-'));
  try {
    const list = frames.map((frame, i) => {
      const file = path.join(work, `frame-${i}.png`);
      writeFileSync(file, frame);
      return `file '${file}'\nduration ${STEP_SECONDS}`;
    });
    // The concat demuxer takes the last duration only when the last file is listed once more.
    writeFileSync(path.join(work, 'frames.txt'), `${list.join('\n')}\nfile '${path.join(work, `frame-${frames.length - 1}.png`)}'\n`);
    const input = ['-f', 'concat', '-safe', '0', '-i', path.join(work, 'frames.txt'), '-vf', 'fps=10,format=yuv420p', '-an'];
    ffmpeg([...input, '-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', path.join(outDir, `${name}.webm`)]);
    ffmpeg([...input, '-c:v', 'libx264', '-preset', 'slow', '-tune', 'stillimage', '-crf', '30', '-movflags', '+faststart', path.join(outDir, `${name}.mp4`)]);
    ffmpeg(['-i', path.join(work, 'frame-0.png'), '-q:v', '5', path.join(outDir, `${name}.jpg`)]);
    writeFileSync(path.join(outDir, `${name}.vtt`), captionsVtt(captions));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
