/**
 * The avatar upload of the settings page (contract USER_PATHS.avatar; not in SPEC's table):
 * multipart field `avatar`, one JPEG or PNG (by content, not the declared type) of at most 5 MB
 * (SPEC §5), read by lib/uploads.ts. Own account only. What is stored is the image re-encoded
 * within 512 × 512 (lib/uploads-image.ts) in DATA_DIR/uploads/avatars, served under the image
 * prefix; the profile's `avatar` is its URL. A refused upload changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, MESSAGES, USER_PATHS } from '../../../../src/contract';
import { success } from '../../lib/answers';
import { invalid, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { acceptUploads, isMultipart, readUpload, storeFile, type UploadRules } from '../../lib/uploads';
import { reencodeImage } from '../../lib/uploads-image';
import { caller } from '../../plugins/auth';
import { toProfile, withoutSecret } from './mapper';
import { findUserById, updateUser } from './repository';

const AVATAR_DIR = 'avatars';
/** Largest side of a stored avatar, in pixels: the app shows it far smaller. */
const AVATAR_BOX = 512;
const AVATAR_UPLOAD: UploadRules = { files: { avatar: 1 }, maxFileBytes: AVATAR_MAX_BYTES, tooLarge: MESSAGES.profile.avatarTooLarge };

export default async function avatarRoutes(app: FastifyInstance): Promise<void> {
  acceptUploads(app);
  const uploads = path.join(app.config.dataDir, 'uploads');

  app.route({
    method: ['POST', 'PUT'],
    url: USER_PATHS.avatar(':id'),
    config: { access: { kind: 'signedIn' } },
    handler: async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const me = caller(request).user;
      if (id !== me.id) throw notFound();
      if (!isMultipart(request)) throw invalid({ avatar: [MESSAGES.validation.imageOnly] });
      const file = (await readUpload(request, AVATAR_UPLOAD)).files[0];
      if (!file) throw invalid({ avatar: [MESSAGES.validation.imageOnly] });
      const image = await reencodeImage(file.bytes, 'avatar', AVATAR_BOX);

      const relative = `${AVATAR_DIR}/${me.id}-${randomBytes(8).toString('hex')}.${image.kind}`;
      await storeFile(uploads, relative, image.bytes);
      try {
        await updateUser(app.db, me.id, { avatar: relative, updated_at: app.clock().toISOString() });
      } catch (error) {
        await unlink(path.join(uploads, relative)).catch(() => undefined);
        throw error;
      }
      const previous = me.avatar;
      // The old file goes; only files of our own avatar folder are ever removed.
      if (previous?.startsWith(`${AVATAR_DIR}/`) && !previous.includes('..')) {
        await unlink(path.join(uploads, previous)).catch(() => undefined);
      }
      const user = await findUserById(app.db, me.id);
      if (!user) throw notFound();
      return success({ message: MESSAGES.profile.updated, data: toProfile(withoutSecret(user), me.role_name, app.config.imagePrefix) });
    },
  });
}
