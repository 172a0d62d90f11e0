import { type App, badRequest, HttpError, MoneySchema, parseMoney, Type } from '@bet/kit';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { Identity } from '../app/context';
import { loadActiveUser, setLimits } from '../app/limits';
import {
  ACCOUNT_GONE,
  AVATAR_TYPES,
  changeEmail,
  changePassword,
  saveAvatar,
  setPassword,
  updateProfile,
} from '../app/profile';
import { limitsView } from '../domain/limits';
import { publicUser } from '../domain/users';
import { AnyPassword, Email, IdParams, NewPassword, ProfileBody } from './schemas';

const MAX_BET_COUNT_LIMIT = 100_000;
const MAX_STAKE_LIMIT_DOLLARS = 10_000_000;

export async function userRoutes(app: App, idn: Identity) {
  const mine = async (userId: string) => {
    const user = await loadActiveUser(idn, userId);
    if (!user) throw new HttpError(401, ACCOUNT_GONE);
    return user;
  };
  const secured = { config: { auth: 'user' as const } };

  app.get('/api/v1/users/profile', { ...secured, schema: { tags: ['users'] } }, async (req) =>
    publicUser(await mine(req.user!.id)),
  );

  app.patch(
    '/api/v1/users/profile',
    { ...secured, schema: { tags: ['users'], body: ProfileBody } },
    async (req) => {
      const user = await updateProfile(idn, req.user!.id, req.body);
      return { msg: 'Profile updated successfully!', user: publicUser(user) };
    },
  );

  app.patch(
    '/api/v1/users/email',
    {
      ...secured,
      schema: {
        tags: ['users'],
        body: Type.Object({ newEmail: Email, currentPassword: AnyPassword }, { additionalProperties: false }),
      },
    },
    async (req) => {
      const user = await changeEmail(idn, req.user!.id, req.body);
      return {
        msg: 'Email changed successfully! Please check your inbox for verification if required.',
        user: publicUser(user),
      };
    },
  );

  app.patch(
    '/api/v1/users/password',
    {
      ...secured,
      schema: {
        tags: ['users'],
        body: Type.Object(
          { currentPassword: AnyPassword, newPassword: NewPassword, confirmNewPassword: NewPassword },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      await changePassword(idn, req.user!.id, req.user!.sessionId, req.body);
      return { msg: 'Password changed successfully!' };
    },
  );

  app.post(
    '/api/v1/users/set-password',
    {
      ...secured,
      schema: {
        tags: ['users'],
        body: Type.Object(
          { newPassword: NewPassword, confirmPassword: NewPassword },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const user = await setPassword(idn, req.user!.id, req.body);
      return { msg: 'Password has been set successfully!', user: publicUser(user) };
    },
  );

  app.get('/api/v1/users/limits', { ...secured, schema: { tags: ['users'] } }, async (req) =>
    limitsView((await mine(req.user!.id)).limits),
  );

  app.post(
    '/api/v1/users/limits',
    {
      ...secured,
      schema: {
        tags: ['users'],
        body: Type.Object(
          {
            weeklyBetCountLimit: Type.Integer({ minimum: 0, maximum: MAX_BET_COUNT_LIMIT }),
            weeklyStakeAmountLimit: MoneySchema({ description: 'dollars, 0 for no limit' }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const { weeklyBetCountLimit, weeklyStakeAmountLimit } = req.body;
      // dollars at the edge, exact cents inside: more than two decimals is refused, not rounded
      const stake = parseMoney(weeklyStakeAmountLimit);
      const stakeError = !stake.ok
        ? stake.reason === 'too_many_decimals'
          ? 'weeklyStakeAmountLimit must have at most two decimals'
          : 'weeklyStakeAmountLimit must be a number'
        : stake.cents < 0n
          ? 'weeklyStakeAmountLimit must be at least 0'
          : stake.cents > BigInt(MAX_STAKE_LIMIT_DOLLARS) * 100n
            ? `weeklyStakeAmountLimit must be at most ${MAX_STAKE_LIMIT_DOLLARS}`
            : null;
      if (stakeError || !stake.ok) {
        const msg = stakeError ?? 'weeklyStakeAmountLimit must be a number';
        throw badRequest(msg, [{ path: 'weeklyStakeAmountLimit', location: 'body', msg }]);
      }
      const user = await setLimits(idn, req.user!.id, {
        betCount: weeklyBetCountLimit,
        stakeCents: Number(stake.cents),
      });
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      const pending = user.limits.betCount.pending || user.limits.stakeCents.pending;
      return {
        msg: pending
          ? `Betting limits updated successfully! Higher or removed limits take effect after a ${idn.coolingOffMs / 3_600_000}-hour cooling-off period.`
          : 'Betting limits updated successfully!',
        limits: limitsView(user.limits),
        user: publicUser(user),
      };
    },
  );

  await app.register(multipart, {
    limits: { fileSize: idn.ctx.config.AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  const maxMb = Math.round((idn.ctx.config.AVATAR_MAX_BYTES / (1024 * 1024)) * 10) / 10;
  app.post(
    '/api/v1/users/profile-picture',
    {
      ...secured,
      schema: {
        tags: ['users'],
        consumes: ['multipart/form-data'],
        description: 'multipart form field profilePicture: PNG, JPEG, WebP or GIF',
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
      const user = await saveAvatar(idn, req.user!.id, { bytes, contentType: type.mime });
      return {
        msg: 'Profile picture updated!',
        profilePictureUrl: user.profilePicture,
        user: publicUser(user),
      };
    },
  );

  app.get(
    '/api/v1/users/avatars/:id',
    { config: { auth: 'public' }, schema: { tags: ['users'], params: IdParams } },
    async (req, reply) => {
      const avatar = await idn.ctx.db
        .selectFrom('avatars')
        .select(['content_type', 'bytes'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!avatar) throw new HttpError(404, 'Picture not found.');
      // a new upload gets a new id, so a picture never changes under its address
      const etag = `"${req.params.id}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(avatar.content_type).send(Buffer.from(avatar.bytes));
    },
  );
}
