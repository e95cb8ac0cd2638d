// The photos module's public face (docs/architecture.md#import-rules): where renditions are stored.

import type { PhotoSettings } from '../../config';
import { LocalPhotoStore } from './local-store';
import { S3PhotoStore } from './s3-store';
import type { PhotoStore } from './store';

export { LocalPhotoStore } from './local-store';
export { S3PhotoStore, type S3StoreOptions } from './s3-store';
export { isPhotoKey, type PhotoStore, type StoredObject } from './store';

/** The store the configuration names (PHOTO_STORE): a folder under DATA_DIR, or an S3 bucket. */
export function createPhotoStore(config: { photos: PhotoSettings }): PhotoStore {
  const settings = config.photos;
  if (settings.store === 'local') return new LocalPhotoStore(settings.dir);
  return new S3PhotoStore(settings);
}
export { coverJoin, coverOf, coverUrlOf } from './cover-sql';
export { type ProcessedPhoto, processPhoto } from './images';
export { PhotoService, photoColumns } from './photo-service';
export { mediaRoutes, photoRoutes } from './routes';
export { mediaUrl, type PhotoRow, photoView } from './views';
