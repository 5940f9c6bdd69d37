import { http, HttpResponse } from 'msw';
import type { SupervisionGridRow } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import type { ReactElement } from 'react';
import { server } from '../msw-server';
import { fakeToken, renderWithProviders } from '../render';

/** One generated supervision row (supervision grids' web tests). */
export const supervisionRow = (i: number, over: Partial<SupervisionGridRow> = {}): SupervisionGridRow => ({
  idProject: i,
  projectCode: `SV-${String(i).padStart(4, '0')}`,
  projectName: `Project ${i}`,
  clientName: 'Cobalt Energy',
  statusName: 'During',
  idStatus: 3,
  practiceName: 'Strategy',
  businessUnitName: 'Brazil',
  coManagementName: 'North',
  duringTypeName: 'Normal',
  idDuringType: 1,
  allocationStatusName: 'Unset',
  idAllocationStatus: 0,
  hasAllocation: i % 2 === 0,
  hasGovernanceAction: false,
  pdcPriority: false,
  priority: false,
  internal: false,
  onePageSubmitted: i % 4 === 0,
  onePageProblemLevel: i % 4 === 0 ? 3 : 0,
  environmentStatus: i % 4 === 0 ? 1 : null,
  version: 7,
  idOnePage: i === 2 ? null : 1000 + i,
  ...over,
});

/** The grid's server: `count` rows, 100 a page, the x-total headers of the whole set; records every query. */
export function serveSupervision(path: string, count = 250, rowsOf = supervisionRow) {
  const rows = Array.from({ length: count }, (_, i) => rowsOf(i + 1));
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(path, ({ request }) => {
      const q = new URL(request.url).searchParams;
      requests.push(q);
      const skip = Number(q.get('skip') ?? 0);
      const take = Number(q.get('take') ?? 100);
      const red = rows.filter((r) => r.onePageSubmitted && r.onePageProblemLevel === 3).length;
      return HttpResponse.json(rows.slice(skip, skip + take), {
        headers: {
          'x-total': String(rows.length),
          'x-total-green': '0',
          'x-total-yellow': '0',
          'x-total-red': String(red),
          'x-total-notsubmitted': String(rows.filter((r) => !r.onePageSubmitted).length),
        },
      });
    }),
  );
  return { rows, requests };
}

/** Renders a page signed in as `user` (the session reads the stored token). */
export function renderAs(user: Record<string, unknown>, ui: ReactElement) {
  localStorage.setItem('portal.accessToken', fakeToken(user));
  return renderWithProviders(<SessionProvider>{ui}</SessionProvider>);
}

export const PEDRO = {
  userName: 'Pedro Prado',
  email: 'pedro.pdc@example.com',
  login: 'pedro.pdc',
  professionalId: 5,
  scopes: ['API.Portal.PDC'],
  comanagementId: 1,
  practiceId: 1,
  businessUnits: [],
};
