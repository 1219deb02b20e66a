import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Configured keys, else the pair generated once into DATA_DIR/vapid.json (kept across restarts). */
export function loadVapidKeys(opts: { publicKey?: string; privateKey?: string; subject: string; dataDir: string }): VapidKeys {
  if (opts.publicKey && opts.privateKey) return { publicKey: opts.publicKey, privateKey: opts.privateKey, subject: opts.subject };
  const file = path.join(opts.dataDir, 'vapid.json');
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (saved.publicKey && saved.privateKey) return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject: opts.subject };
  } catch {
    // not there yet
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject: opts.subject };
}
