import { badRequest, HttpError, Type } from '@bet/kit';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { saveAvatar } from '../app/profile';
import { route } from '../context';
import { AVATAR_TYPES } from '../domain/avatars';
import { publicUser } from '../domain/users';
import { UserAnswer } from './answers';

export const profilePictureRoute = route('POST /api/v1/users/profile-picture', async (app, ctx) => {
  // the one call that takes multipart; the plugin's parser applies to the whole app
  await app.register(multipart, {
    limits: { fileSize: ctx.config.AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });
  const maxMb = Math.round((ctx.config.AVATAR_MAX_BYTES / (1024 * 1024)) * 10) / 10;
  app.post(
    '/api/v1/users/profile-picture',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        consumes: ['multipart/form-data'],
        description: 'multipart form field profilePicture: PNG, JPEG, WebP or GIF',
        response: {
          200: Type.Object({
            msg: Type.String(),
            // nullable as User.profilePicture is typed; after an upload it is always the new URL
            profilePictureUrl: Type.Union([Type.String(), Type.Null()], {
              description: "the new picture's absolute URL",
            }),
            user: UserAnswer,
          }),
        },
      },
    },
    async (req) => {
      let file: Awaited<ReturnType<typeof req.file>>;
      let bytes: Buffer;
      try {
        file = await req.file();
        if (file?.fieldname !== 'profilePicture')
          throw badRequest('Send the picture in the form field profilePicture.');
        bytes = await file.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, `Profile picture must be at most ${maxMb} MB.`);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new HttpError(415, 'Send the picture as multipart/form-data in the field profilePicture.');
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw badRequest('Send one picture only.');
        if (err instanceof HttpError) throw err;
        // only the request is read in here: busboy's "Boundary not found", "Unexpected end of
        // form", "Malformed part header"… are the client's broken body, not our fault
        req.log.info({ err }, 'unreadable profile picture upload');
        throw badRequest(
          'The upload could not be read. Send the picture as multipart/form-data in the field profilePicture.',
        );
      }
      // what the bytes are, not what the name or the browser says they are
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !AVATAR_TYPES.has(type.mime))
        throw badRequest('Profile picture must be a PNG, JPEG, WebP or GIF image.');
      const user = await saveAvatar(ctx, req.user!.id, { bytes, contentType: type.mime });
      return {
        msg: 'Profile picture updated!',
        profilePictureUrl: user.profilePicture,
        user: publicUser(user),
      };
    },
  );
});
