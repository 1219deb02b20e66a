import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { StorageProvider } from './types';

/** The bucket when S3_BUCKET is set, else DATA_DIR/media, in any mode. */
export function createStorage(config: Config): StorageProvider {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'media'));
}
