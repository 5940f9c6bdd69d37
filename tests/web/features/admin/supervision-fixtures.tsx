import { http, HttpResponse } from 'msw';
import type { GridPreference, SupervisionGridRow } from '@domain/contract';
import { SessionProvider } from '@web/api/session-context';
import type { ReactElement } from 'react';
import { server } from '../../msw-server';
import { fakeToken, renderWithProviders } from '../../render';

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

/** A PUT of a column choice as the server received it. */
export interface GridColumnsPut {
  grid: string;
  body: { hidden: string[] };
  ifMatch: string | null;
}

/**
 * The caller's column choices: GET /api/me/grid-columns/{grid} answers the stored choice (`hidden`
 * per grid; none by default, version 1), PUT stores it (version + 1) and answers it — or `fail` answers the PUT
 * (a status and message). Records every PUT. Call it after serveSupervision (the later handler wins).
 */
export function serveGridColumns(
  hidden: Record<string, string[]> = {},
  { fail }: { fail?: { status: number; message: string } } = {},
) {
  const stored = new Map<string, GridPreference>(
    Object.entries(hidden).map(([grid, h]) => [grid, { grid, hidden: h, version: 2 } as GridPreference]),
  );
  const current = (grid: string) =>
    stored.get(grid) ?? ({ grid, hidden: [], version: 1 } as unknown as GridPreference);
  const puts: GridColumnsPut[] = [];
  server.use(
    http.get('/api/me/grid-columns/:grid', ({ params }) => {
      const p = current(String(params.grid));
      return HttpResponse.json(p, { headers: { etag: `"${p.version}"` } });
    }),
    http.put('/api/me/grid-columns/:grid', async ({ params, request }) => {
      const grid = String(params.grid);
      const body = (await request.json()) as { hidden: string[] };
      puts.push({ grid, body, ifMatch: request.headers.get('if-match') });
      if (fail)
        return HttpResponse.json(
          { statusCode: fail.status, error: 'Error', message: fail.message },
          { status: fail.status },
        );
      const next = { ...current(grid), hidden: body.hidden, version: current(grid).version + 1 };
      stored.set(grid, next);
      return HttpResponse.json(next, { headers: { etag: `"${next.version}"` } });
    }),
  );
  return { puts, stored };
}

/**
 * The grid's server: `count` rows, 100 a page, searched by code or name, the x-total headers of the whole
 * matching set; records every query. The column choice answers the default (nothing hidden).
 */
export function serveSupervision(path: string, count = 250, rowsOf = supervisionRow) {
  const rows = Array.from({ length: count }, (_, i) => rowsOf(i + 1));
  const requests: URLSearchParams[] = [];
  serveGridColumns();
  server.use(
    http.get(path, ({ request }) => {
      const q = new URL(request.url).searchParams;
      requests.push(q);
      const search = (q.get('search') ?? '').toLowerCase();
      const matching = search
        ? rows.filter((r) => `${r.projectCode} ${r.projectName}`.toLowerCase().includes(search))
        : rows;
      const skip = Number(q.get('skip') ?? 0);
      const take = Number(q.get('take') ?? 100);
      const red = matching.filter((r) => r.onePageSubmitted && r.onePageProblemLevel === 3).length;
      return HttpResponse.json(matching.slice(skip, skip + take), {
        headers: {
          'x-total': String(matching.length),
          'x-total-green': '0',
          'x-total-yellow': '0',
          'x-total-red': String(red),
          'x-total-notsubmitted': String(matching.filter((r) => !r.onePageSubmitted).length),
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
