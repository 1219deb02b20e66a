// The demo's spoken audio kept between runs (issue 27.6): `npm run seed -- --audio-cache DIR` keeps each
// script's render in DIR under the SHA-256 of the script, so a data dir seeded again (a new migration,
// a fresh clone in CI) takes the MP3s from there instead of speaking them again (minutes on a loaded
// machine). The folder's name must change with the code that speaks (scripts/serve-e2e.mjs keys it by
// a hash of the speech and audio code and the versions of the engine and dictionary).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RenderFn } from './seed';

export function cachedRender(dir: string, render: RenderFn): RenderFn {
  return async (script) => {
    const base = path.join(dir, createHash('sha256').update(script).digest('hex'));
    const read = (suffix: string) => fs.promises.readFile(base + suffix);
    try {
      const meta = JSON.parse(await fs.promises.readFile(`${base}.json`, 'utf8'));
      return { ...meta, mp3: await read('.mp3'), mp3Hq: meta.hq ? await read('-hq.mp3') : undefined };
    } catch {
      // Not kept yet (or torn): speak it.
    }
    const made = await render(script);
    fs.mkdirSync(dir, { recursive: true });
    // Each file written aside and renamed, the metadata last: a reader sees a whole entry or none.
    const write = (suffix: string, data: Buffer | string) => {
      const tmp = `${base}${suffix}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, data);
      fs.renameSync(tmp, base + suffix);
    };
    write('.mp3', made.mp3);
    if (made.mp3Hq) write('-hq.mp3', made.mp3Hq);
    write(
      '.json',
      JSON.stringify({
        duration: made.duration,
        lines: made.lines,
        hq: !!made.mp3Hq,
        voicedBy: made.voicedBy,
        voiceCredit: made.voiceCredit,
      }),
    );
    return made;
  };
}
