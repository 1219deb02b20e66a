// The default offline voice is Open JTalk (decision 0041): Debian's open-jtalk and its NAIST dictionary
// (main component; the HTS voice is kept in vendor/open-jtalk-voice). Installs them with apt when missing
// and running as root; otherwise says exactly what to run.
//   node scripts/ensure-open-jtalk.mjs            the tests: exit 1 when it is still missing
//   ensureOpenJtalk({ required: false })          `npm start` (scripts/start.mjs): without it eSpeak NG
//                                                 speaks, and the server's start-up line says why
// The package names are also in src/server/providers/tts/openjtalk.ts (the start-up line's advice).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = ['open-jtalk', 'open-jtalk-mecab-naist-jdic'];
const DICTIONARY = '/var/lib/mecab/dic/open-jtalk/naist-jdic/sys.dic';
export const OPEN_JTALK_INSTALL = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;

const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => fs.existsSync(path.join(dir, name)));

export const hasOpenJtalk = () => onPath('open_jtalk') && fs.existsSync(DICTIONARY);

/** True when Open JTalk is there (found or installed now). */
export function ensureOpenJtalk({ required }) {
  if (hasOpenJtalk()) return true;
  const say = required ? console.error : () => {};
  if (process.getuid?.() !== 0 || !onPath('apt-get')) {
    say(`[mugen] The tests speak with Open JTalk. Run:\n  sudo sh -c '${OPEN_JTALK_INSTALL}'`);
    return false;
  }
  console.log(`[mugen] installing ${PACKAGES.join(' and ')} with apt (the offline voice, Open JTalk)`);
  const r = spawnSync('sh', ['-c', OPEN_JTALK_INSTALL], {
    stdio: ['ignore', required ? 'inherit' : 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status === 0 && hasOpenJtalk()) return true;
  console.error(`[mugen] could not install Open JTalk; run: ${OPEN_JTALK_INSTALL}`);
  return false;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exit(ensureOpenJtalk({ required: true }) ? 0 : 1);
