/**
 * The files a deleted company's rows pointed at outside its own image folder: its properties'
 * photo folders (properties/<id>/, as the properties module removes them) and its people's
 * avatars (avatars/, only files of that folder). Called after the rows are gone, so a failure here
 * leaves files no row references rather than rows without their files.
 */
import type { MediaStore } from '../../lib/media-store';
import { removeFolder } from '../properties/images';
import type { CompanyBelongings } from './repository';

const AVATAR_FOLDER = 'avatars/';

export async function removeOwnedFiles(store: MediaStore, belongings: CompanyBelongings): Promise<void> {
  for (const propertyId of belongings.propertyIds) await removeFolder(store, propertyId);
  for (const avatar of belongings.avatars) {
    if (!avatar.startsWith(AVATAR_FOLDER) || avatar.includes('..')) continue;
    await store.remove(avatar).catch(() => undefined);
  }
}
