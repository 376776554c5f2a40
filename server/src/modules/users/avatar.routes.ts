/**
 * The avatar upload of the settings page (contract USER_PATHS.avatar; not in SPEC's table):
 * multipart field `avatar`, JPEG or PNG (checked by content, not only by the declared type), at
 * most 5 MB (SPEC §5). Own account only. The file goes to DATA_DIR/uploads/avatars and is served
 * under the image prefix; the profile's `avatar` is its URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, MESSAGES, USER_PATHS } from '../../../../src/contract';
import { success } from '../../lib/answers';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { caller } from '../../plugins/auth';
import { toProfile, withoutSecret } from './mapper';
import { findUserById, updateUser } from './repository';

const AVATAR_DIR = 'avatars';

/** The image type from the first bytes, or null: the declared content type is not trusted. */
function sniffImage(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

export default async function avatarRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const uploads = path.join(app.config.dataDir, 'uploads');

  app.route({
    method: ['POST', 'PUT'],
    url: USER_PATHS.avatar(':id'),
    config: { access: { kind: 'signedIn' } },
    handler: async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const me = caller(request).user;
      if (id !== me.id) throw notFound();
      if (!request.isMultipart()) throw invalid({ avatar: [MESSAGES.validation.imageOnly] });
      let bytes: Buffer | null = null;
      try {
        const file = await request.file();
        if (file?.fieldname === 'avatar') bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MESSAGES.profile.avatarTooLarge);
        throw error;
      }
      const ext = bytes ? sniffImage(bytes) : null;
      if (!bytes || !ext) throw invalid({ avatar: [MESSAGES.validation.imageOnly] });

      const relative = `${AVATAR_DIR}/${me.id}-${randomBytes(8).toString('hex')}.${ext}`;
      await mkdir(path.join(uploads, AVATAR_DIR), { recursive: true });
      await writeFile(path.join(uploads, relative), bytes, { mode: 0o644 });
      const previous = me.avatar;
      await updateUser(app.db, me.id, { avatar: relative, updated_at: app.clock().toISOString() });
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
