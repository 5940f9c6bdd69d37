import { describe, expect, it } from 'vitest';
import { fakeToken, USERS } from '../render';
import { currentUser, dropForeignSession } from '@web/api/session';

describe("a stored session that is not the host's user", () => {
  it('is dropped (another account on a shared Teams client); the same person is kept, by e-mail or login', () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    expect(dropForeignSession('Alice.Admin@example.com')).toBe(false);
    expect(dropForeignSession('alice.admin@contoso.onmicrosoft.com')).toBe(false);
    expect(dropForeignSession(undefined)).toBe(false);
    expect(currentUser()?.login).toBe('alice.admin');
    expect(dropForeignSession('marcos.manager@example.com')).toBe(true);
    expect(currentUser()).toBeUndefined();
    expect(localStorage.getItem('portal.accessToken')).toBeNull();
    expect(dropForeignSession('marcos.manager@example.com')).toBe(false);
  });
});
