/** Profile pictures we accept (judged by their bytes) and the path we serve them under. */
export const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
export const AVATAR_PATH = '/api/v1/users/avatars';
