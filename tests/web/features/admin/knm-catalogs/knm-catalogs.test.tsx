import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Client } from '@domain/contract';
import KnmCatalogsPage, { countClients } from '@web/features/admin/knm-catalogs/KnmCatalogsPage';
import { server } from '../../../msw-server';
import { fakeToken, renderWithProviders, USERS } from '../../../render';

const SEGMENTS = [
  { ID: 1, Name: 'Consumer Goods' },
  { ID: 3, Name: 'Financial Services' },
  { ID: 8, Name: 'Public Sector' },
];
const CLIENTS: Client[] = [
  {
    ID: 11,
    Name: 'Blue River Bank',
    ClientSegments: [
      { Segment: { ID: 3, Name: 'Financial Services' }, SegmentLevel: 1 },
      { Segment: { ID: 1, Name: 'Consumer Goods' }, SegmentLevel: 2 },
    ],
  },
  {
    ID: 12,
    Name: 'Fresh Foods',
    ClientSegments: [{ Segment: { ID: 1, Name: 'Consumer Goods' }, SegmentLevel: 1 }],
  },
  { ID: 13, Name: 'Evergreen Health', ClientSegments: [] },
];

describe('KNM Catalogs', () => {
  it('shows the segments with their clients (primary, secondary, in all) and the CRM industries', async () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.kim));
    server.use(
      http.get('/master/segments', () => HttpResponse.json(SEGMENTS)),
      http.get('/master/clients', () => HttpResponse.json(CLIENTS)),
      http.get('/crm/industries', () =>
        HttpResponse.json([
          { id: 1, name: 'Banking' },
          { id: 2, name: 'Agribusiness' },
        ]),
      ),
    );
    renderWithProviders(<KnmCatalogsPage />);
    const segments = await screen.findByRole('grid', { name: 'Segments' });
    const consumer = (await within(segments).findByText('Consumer Goods')).closest('[role="row"]')!;
    expect(
      within(consumer as HTMLElement)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['Consumer Goods', '1', '1', '2']);
    const publicSector = within(segments).getByText('Public Sector').closest('[role="row"]')!;
    expect(
      within(publicSector as HTMLElement)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['Public Sector', '0', '0', '0']);
    const industries = screen.getByRole('grid', { name: 'Industries' });
    expect(await within(industries).findByText('Banking')).toBeInTheDocument();
    const names = within(industries)
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(names).toEqual(['Agribusiness', 'Banking']);
  });

  it('countClients ignores segments missing from the master list', () => {
    const counted = countClients(SEGMENTS.slice(0, 1), CLIENTS);
    expect(counted).toEqual([{ ID: 1, Name: 'Consumer Goods', primary: 1, secondary: 1, total: 2 }]);
  });
});
