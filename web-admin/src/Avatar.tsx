import { initials } from './format';
import type { AdminUser } from './types';

/** The profile picture, or a generated initials placeholder. */
export function Avatar({ user, size = 44 }: { user: AdminUser; size?: number }) {
  if (user.profilePicture)
    return <img className="avatar" src={user.profilePicture} alt="" width={size} height={size} />;
  return (
    <span className="avatar avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials(user)}
    </span>
  );
}
