/**
 * The avatar upload of the settings page (contract USER_PATHS.avatar; beyond the original
 * description): multipart field `avatar`, one JPEG or PNG (by content, not the declared type) of at
 * most 5 MB (docs/product/rules.md), read by lib/multipart.ts. Own account only. What is stored is
 * the image re-encoded within 512 × 512 (lib/uploads-image.ts) under avatars/ in the media store
 * (lib/media-store: the data folder or a bucket), served under the image prefix; the profile's
 * `avatar` is its URL. A refused upload changes nothing (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, MESSAGES, USER_PATHS } from '@contract';
import { success } from '../../lib/answers';
import { invalid, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { route } from '../../lib/route';
import { multipart } from '../../lib/multipart';
import { acceptUploads } from '../../lib/uploads';
import { reencodeImage } from '../../lib/uploads-image';
import { actorOf } from '../events/record';
import { replaceAvatar } from './service';

/** Largest side of a stored avatar, in pixels: the app shows it far smaller. */
const AVATAR_BOX = 512;
const notAnImage = () => invalid({ avatar: [MESSAGES.validation.imageOnly] });
/** One file in `avatar`; any text parts are read and left alone. */
const AVATAR_FORM = multipart({
  files: { avatar: { max: 1, kinds: ['jpg', 'png'] } },
  maxFileBytes: AVATAR_MAX_BYTES,
  tooLarge: MESSAGES.profile.avatarTooLarge,
  notMultipart: notAnImage,
  noFiles: notAnImage,
  wrongType: notAnImage,
});

export default async function avatarRoutes(app: FastifyInstance): Promise<void> {
  acceptUploads(app);

  route(app, {
    method: ['POST', 'PUT'],
    url: USER_PATHS.avatar(':id'),
    params: { id: parseId },
    handler: async ({ params, user, request }) => {
      if (params.id !== user.id) throw notFound();
      const file = (await AVATAR_FORM.read(request)).files.avatar[0]!; // noFiles: one is there
      const image = await reencodeImage(file.bytes, 'avatar', AVATAR_BOX);
      return success({ message: MESSAGES.profile.updated, data: await replaceAvatar(app, actorOf({ user, request }), user, image) });
    },
  });
}
