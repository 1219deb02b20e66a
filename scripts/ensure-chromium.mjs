// The browser tests use Debian's Chromium (Playwright cannot download its own browser here).
// Installs chromium and a Japanese font with apt when missing and running as root; otherwise says
// exactly what to run.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
const hasFont = (() => {
  try {
    return /Noto Sans CJK|IPAGothic|IPAexGothic/i.test(execSync('fc-list', { encoding: 'utf8' }));
  } catch {
    return false;
  }
})();

if (hasChromium && hasFont) process.exit(0);

const packages = ['chromium', 'fonts-noto-cjk'];
const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
if (process.getuid?.() !== 0) {
  console.error(`[mugen] The browser tests need Debian's Chromium and a Japanese font. Run:\n  sudo sh -c '${command}'`);
  process.exit(1);
}
console.log(`[mugen] installing ${packages.join(' and ')} with apt (needed by the browser tests)`);
const r = spawnSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
if (r.status !== 0 || !fs.existsSync(CHROMIUM)) {
  console.error(`[mugen] could not install Chromium; run: ${command}`);
  process.exit(1);
}
