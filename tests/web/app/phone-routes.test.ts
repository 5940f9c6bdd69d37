import { describe, expect, it } from 'vitest';
import { routeTable } from '@web/app/navigation';
import { PHONE_ROUTES } from '../../e2e/routes';

describe('the phone check (tests/e2e/phone.spec.ts) opens every page of the navigation tree', () => {
  it('lists each path of the route table once, with a URL for all but the sign-in round trip', () => {
    expect(Object.keys(PHONE_ROUTES).sort()).toEqual(routeTable.map((p) => p.path).sort());
    for (const [path, url] of Object.entries(PHONE_ROUTES)) {
      if (url === null) continue;
      const pattern = new RegExp(`^${path.replace(/:[a-z]+/g, '[^/]+')}$`);
      expect(url, path).toMatch(pattern);
    }
  });
});
