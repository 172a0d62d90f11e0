import { initials } from './format';
import type { AdminUser } from './types';

/** The fields both the user list and the user details answer carry. */
type Pictured = Pick<AdminUser, 'profilePicture' | 'firstName' | 'lastName' | 'username'>;

/** The profile picture, or a generated initials placeholder. */
export function Avatar({ user, size = 44 }: { user: Pictured; size?: number }) {
  if (user.profilePicture)
    return <img className="avatar" src={user.profilePicture} alt="" width={size} height={size} />;
  return (
    <span
      className="avatar avatar--initials"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {initials(user)}
    </span>
  );
}
