import { useSession } from '@bet/web-shell/core';
import { ChangeEmail } from '../settings/ChangeEmail';
import { ChangePassword } from '../settings/ChangePassword';
import { Limits } from '../settings/Limits';
import { PlayerProtection } from '../settings/PlayerProtection';
import { SetPassword } from '../settings/SetPassword';

export default function Settings() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <section className="page settings">
      <h1>Settings</h1>
      <div className="grid grid--2">
        {user.hasPassword === false ? <SetPassword /> : <ChangePassword />}
        <ChangeEmail user={user} />
      </div>
      <Limits />
      <PlayerProtection />
    </section>
  );
}
