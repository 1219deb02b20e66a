import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  mtime: Date;
}

/** Media storage: files under DATA_DIR/media by default; an S3-compatible bucket when S3_BUCKET is set. */
export interface StorageProvider {
  readonly location: 'local' | 's3';
  stat(key: string): Promise<StoredObject | null>;
  /** A byte range is inclusive at both ends, as in HTTP. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (a folder such as `audio/`, or '' for all), in no particular order. */
  list(prefix?: string): Promise<string[]>;
  /** Moves an object to another key, replacing what is there (a rename on disk, copy then delete in a bucket). */
  move(from: string, to: string): Promise<void>;
  /** A short-lived URL that reads the object straight from the bucket (S3 only). */
  signedUrl?(key: string, expiresInSeconds: number): Promise<string>;
  /**
   * Checks at start that the credentials may do what the app does (S3 only): answers the permissions
   * found missing (e.g. `s3:ListBucket`), reported on /health's `problems` until a later check passes.
   */
  checkAccess?(): Promise<string[]>;
}
