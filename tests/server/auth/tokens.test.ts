import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@domain/contract';
import { signPortalToken, verifyPortalToken } from '@server/auth/tokens';

const user: SessionUser = {
  userName: 'Marcos Manager',
  email: 'marcos.manager@example.com',
  scopes: ['portal'],
  comanagementId: null,
  login: 'marcos.manager',
  professionalId: 6,
  practiceId: null,
  businessUnits: ['BU1'],
};
const secret = () => crypto.getRandomValues(new Uint8Array(32));

describe('verifyPortalToken — a verified token is remembered until it expires', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same user again, each time a copy of its own', async () => {
    const key = secret();
    const token = await signPortalToken(user, key, 60);
    const first = await verifyPortalToken(token, key);
    first.scopes.push('Admin');
    first.businessUnits.length = 0;
    const second = await verifyPortalToken(token, key);
    expect(second).toEqual(user);
  });

  it('a token remembered for one secret is refused under another', async () => {
    const key = secret();
    const token = await signPortalToken(user, key, 60);
    await verifyPortalToken(token, key);
    await expect(verifyPortalToken(token, secret())).rejects.toThrow();
  });

  it('a remembered token is refused once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const key = secret();
    const token = await signPortalToken(user, key, 2);
    await expect(verifyPortalToken(token, key)).resolves.toEqual(user);
    vi.setSystemTime(Date.now() + 3000);
    await expect(verifyPortalToken(token, key)).rejects.toThrow(/exp/);
  });

  it('a tampered token is refused even when the genuine one is remembered', async () => {
    const key = secret();
    const token = await signPortalToken(user, key, 60);
    await verifyPortalToken(token, key);
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, scopes: ['Admin'] })).toString('base64url')}.${s}`;
    await expect(verifyPortalToken(forged, key)).rejects.toThrow();
  });
});
