import { describe, expect, it } from 'vitest';
import { fromFacebook, fromGoogle, usernameBase, usernameCandidate } from './social';
import { usernameProblem } from './users';

describe('social profiles', () => {
  it('reads Google userinfo', () => {
    expect(
      fromGoogle({
        sub: '123',
        email: 'Ada@Gmail.com',
        email_verified: true,
        given_name: 'Ada',
        family_name: 'Obi',
        picture: 'https://x/p.png',
      }),
    ).toEqual({
      provider: 'google',
      subject: '123',
      email: 'ada@gmail.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Obi',
      picture: 'https://x/p.png',
    });
  });
  it('treats a missing email_verified as unverified and drops non-https pictures', () => {
    const p = fromGoogle({
      sub: '1',
      email: 'a@b.c',
      name: 'Chinua Achebe',
      picture: 'javascript:alert(1)',
    })!;
    expect(p.emailVerified).toBe(false);
    expect(p.picture).toBeNull();
    expect([p.firstName, p.lastName]).toEqual(['Chinua', 'Achebe']);
  });
  it('reads Facebook /me and refuses a profile without an id', () => {
    const p = fromFacebook({
      id: '99',
      email: 'x@y.z',
      first_name: 'Wole',
      last_name: 'Soyinka',
      picture: { data: { url: 'https://fb/p.jpg' } },
    })!;
    expect(p).toMatchObject({ subject: '99', emailVerified: true, picture: 'https://fb/p.jpg' });
    expect(fromFacebook({ email: 'x@y.z' })).toBeNull();
    expect(fromFacebook({ id: '5' })!.emailVerified).toBe(false);
  });
  it('makes valid usernames from any name', () => {
    for (const name of [
      { firstName: 'Zoë', lastName: 'Ñúñez', email: null },
      { firstName: '李', lastName: '小龙', email: 'bruce.lee@example.com' },
      { firstName: '李', lastName: '-', email: null },
    ]) {
      const u = usernameCandidate(usernameBase(name));
      expect(usernameProblem(u)).toBeNull();
    }
    expect(usernameBase({ firstName: 'Zoë', lastName: 'Ñúñez', email: null })).toBe('zoe_nunez');
    expect(usernameBase({ firstName: '李', lastName: '小龙', email: 'bruce.lee@example.com' })).toBe(
      'brucelee',
    );
  });
});
