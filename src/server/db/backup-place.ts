import fs from 'node:fs';
import path from 'node:path';
import type { StorageProvider } from '../providers/storage/types';
import { BackupRefused, STAGING_PREFIX } from './backup-format';

/**
 * Refuses a symbolic link at any component of `relative` inside `root` (each one lstat'd), so a restore
 * never writes outside the data dir through a linked `media/audio`. Answers the directories along the
 * path that do not exist yet (the restore makes them, and removes them again when it undoes).
 */
export function refuseSymlinks(root: string, relative: string): string[] {
  const parts = relative.split('/');
  const missing: string[] = [];
  let at = root;
  for (const [i, part] of parts.entries()) {
    at = path.join(at, part);
    if (missing.length) {
      if (i < parts.length - 1) missing.push(at);
      continue;
    }
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      if (i < parts.length - 1) missing.push(at);
      else break;
      continue;
    }
    if (stat.isSymbolicLink())
      throw new BackupRefused(`refused: ${at} is a symbolic link, and a restore writes through none; nothing was written`);
  }
  return missing;
}

/**
 * The media and DATA_DIR files of one restore: staged under `_restore-<run>/` keys and
 * `<name>._restore-<run>` files, moved into place inside the transaction (what they replace moved aside
 * to `_restore-<run>-previous/`, never over anything already there), and put back by `undo`.
 */
export class Placement {
  readonly staging: string;
  readonly aside: string;
  private readonly staged: string[] = [];
  private readonly stagedFiles: string[] = [];
  /** Objects moved into place, and whether each replaced one (then moved aside). */
  private readonly placed: { key: string; replaced: boolean }[] = [];
  private readonly placedFiles: { name: string; replaced: boolean }[] = [];
  /** Directories of the local media or DATA_DIR this restore made. */
  private readonly madeDirs = new Set<string>();
  /** Where the local store keeps its objects (createStorage's DATA_DIR/media); none for a bucket. */
  private readonly mediaRoot: string | undefined;

  constructor(
    private readonly storage: StorageProvider | undefined,
    private readonly dataDir: string | undefined,
    run: string,
  ) {
    this.staging = `${STAGING_PREFIX}${run}`;
    this.aside = `${STAGING_PREFIX}${run}-previous`;
    this.mediaRoot = storage?.location === 'local' && dataDir ? path.join(dataDir, 'media') : undefined;
  }

  get mediaFiles() {
    return this.staged.length;
  }
  get files() {
    return [...this.stagedFiles];
  }

  /** Checks, before anything is written, the paths a restore of these keys and files writes to. */
  checkPaths(keys: Iterable<string>, files: Iterable<string>): void {
    for (const key of keys) this.mediaPath(key);
    for (const name of files) this.filePath(name);
  }

  private mediaPath(key: string): void {
    if (!this.dataDir || !this.mediaRoot) return;
    for (const dir of refuseSymlinks(this.dataDir, `media/${key}`)) this.madeDirs.add(dir);
  }

  private filePath(name: string): string {
    const dataDir = this.dataDir ?? '';
    for (const dir of refuseSymlinks(dataDir, name)) this.madeDirs.add(dir);
    return path.join(dataDir, name);
  }

  async stageMedia(key: string, data: Buffer): Promise<void> {
    if (!this.storage) return;
    if (this.staged.includes(key)) throw new BackupRefused(`refused: the media file ${key} is in the backup twice; nothing was written`);
    this.mediaPath(`${this.staging}/${key}`);
    this.staged.push(key); // before the write: a write that fails half-way is cleaned up too
    await this.storage.put(`${this.staging}/${key}`, data);
  }

  stageFile(name: string, data: Buffer): void {
    if (!this.dataDir) return;
    if (this.stagedFiles.includes(name)) throw new BackupRefused(`refused: the file ${name} is in the backup twice; nothing was written`);
    fs.mkdirSync(this.dataDir, { recursive: true });
    const staged = this.filePath(`${name}.${this.staging}`);
    this.stagedFiles.push(name);
    fs.writeFileSync(staged, data, { mode: 0o600, flag: 'wx' });
  }

  /** Each staged object into place; `step` runs before each move (the tests' failure points). */
  async placeAll(step: (what: string) => Promise<void>): Promise<void> {
    const storage = this.storage;
    if (storage) {
      for (const key of this.staged) {
        await step(`place media ${key}`);
        this.mediaPath(key);
        this.mediaPath(`${this.aside}/${key}`);
        const replaced = (await storage.stat(key)) !== null;
        if (replaced) {
          // The set-aside copy is the only one left of what was there: nothing ever replaces it.
          if ((await storage.stat(`${this.aside}/${key}`)) !== null) throw new Error(`${this.aside}/${key} is already set aside`);
          await storage.move(key, `${this.aside}/${key}`);
        }
        this.placed.push({ key, replaced });
        await step(`placed media ${key}`);
        await storage.move(`${this.staging}/${key}`, key);
      }
    }
    for (const name of this.stagedFiles) {
      await step(`place file ${name}`);
      const target = this.filePath(name);
      const aside = this.filePath(`${name}.${this.aside}`);
      const replaced = fs.existsSync(target);
      if (replaced) {
        if (fs.existsSync(aside)) throw new Error(`${aside} is already set aside`);
        fs.renameSync(target, aside);
      }
      this.placedFiles.push({ name, replaced });
      await step(`placed file ${name}`);
      fs.renameSync(this.filePath(`${name}.${this.staging}`), target);
    }
  }

  /** Puts the media and files back as they were; answers what it could not put back. */
  async undo(): Promise<string[]> {
    const left: string[] = [];
    const storage = this.storage;
    if (storage) {
      for (const p of [...this.placed].reverse()) {
        try {
          // A move replaces the restored object in one step: the set-aside copy is never deleted first.
          if (p.replaced) await storage.move(`${this.aside}/${p.key}`, p.key);
          else await storage.delete(p.key);
        } catch {
          left.push(p.key);
        }
      }
      for (const key of this.staged) await storage.delete(`${this.staging}/${key}`).catch(() => {});
    }
    for (const p of [...this.placedFiles].reverse()) {
      const target = path.join(this.dataDir ?? '', p.name);
      try {
        if (p.replaced) fs.renameSync(`${target}.${this.aside}`, target);
        else fs.rmSync(target, { force: true });
      } catch {
        left.push(p.name);
      }
    }
    for (const name of this.stagedFiles) fs.rmSync(path.join(this.dataDir ?? '', `${name}.${this.staging}`), { force: true });
    this.removeMadeDirs();
    return left;
  }

  /** After the commit: what the restore replaced goes, and the staging folders with it. */
  async settle(): Promise<void> {
    const storage = this.storage;
    if (storage) for (const p of this.placed.filter((p) => p.replaced)) await storage.delete(`${this.aside}/${p.key}`).catch(() => {});
    for (const p of this.placedFiles.filter((p) => p.replaced))
      fs.rmSync(path.join(this.dataDir ?? '', `${p.name}.${this.aside}`), { force: true });
    this.removeMadeDirs();
  }

  /** The directories this restore made, deepest first, each only if empty. */
  private removeMadeDirs(): void {
    for (const dir of [...this.madeDirs].sort((a, b) => b.length - a.length)) {
      try {
        fs.rmdirSync(dir);
      } catch {
        // Not empty (a restored object is in it) or already gone.
      }
    }
  }
}
