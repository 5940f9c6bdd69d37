import { useMemo } from 'react';
import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import type { IdName } from '@domain/contract';
import { useMasterList } from '@web/api/master';
import { ErrorState, PortalDataGrid } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { useCatalogClients, useIndustries, type Industry } from './api/catalogs';

const useStyles = makeStyles({
  sections: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
    gap: tokens.spacingHorizontalXXL,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

export interface SegmentCount extends IdName {
  primary: number;
  secondary: number;
  total: number;
}

/** Clients per segment: as primary, as secondary, in all. */
export function countClients(
  segments: readonly IdName[],
  clients: readonly { ClientSegments?: { Segment: IdName; SegmentLevel: 1 | 2 }[] }[],
) {
  const counts = new Map(segments.map((s) => [s.ID, { ...s, primary: 0, secondary: 0, total: 0 }]));
  for (const c of clients)
    for (const cs of c.ClientSegments ?? []) {
      const n = counts.get(cs.Segment.ID);
      if (!n) continue;
      if (cs.SegmentLevel === 1) n.primary++;
      else n.secondary++;
      n.total++;
    }
  return [...counts.values()];
}

/**
 * KNM Catalogs (spec 002 §2.1: content ours): a read-only catalogue of the master segments with how many clients
 * have each (primary, secondary, in all), and the industries of the CRM lookups. Admin and KNW.
 */
export default function KnmCatalogsPage() {
  const s = useStyles();
  const segments = useMasterList('segments');
  const clients = useCatalogClients();
  const industries = useIndustries();
  const rows = useMemo(
    () => (segments.data && clients.data ? countClients(segments.data, clients.data) : undefined),
    [segments.data, clients.data],
  );
  const segmentsError = segments.error ?? clients.error;
  return (
    <AdminScreen title="KNM Catalogs">
      <div className={s.sections}>
        <section className={s.section} aria-labelledby="knm-segments">
          <Subtitle2 id="knm-segments">Segments</Subtitle2>
          {segmentsError ? <ErrorState message={(segmentsError as Error).message} /> : null}
          <PortalDataGrid<SegmentCount>
            ariaLabel="Segments"
            rows={rows}
            loading={segments.isLoading || clients.isLoading}
            getRowId={(r) => r.ID}
            readOnly
            search
            searchPlaceholder="Search"
            defaultSort={{ key: 'Name', direction: 'asc' }}
            columns={[
              { key: 'Name', title: 'Segment' },
              { key: 'primary', title: 'Clients (primary)', filterable: false },
              { key: 'secondary', title: 'Clients (secondary)', filterable: false },
              { key: 'total', title: 'Clients', filterable: false },
            ]}
          />
        </section>
        <section className={s.section} aria-labelledby="knm-industries">
          <Subtitle2 id="knm-industries">Industries</Subtitle2>
          {industries.error ? <ErrorState message={(industries.error as Error).message} /> : null}
          <PortalDataGrid<Industry>
            ariaLabel="Industries"
            rows={industries.data}
            loading={industries.isLoading}
            getRowId={(r) => r.id}
            readOnly
            search
            searchPlaceholder="Search"
            defaultSort={{ key: 'name', direction: 'asc' }}
            columns={[{ key: 'name', title: 'Industry', filterable: false }]}
          />
        </section>
      </div>
    </AdminScreen>
  );
}
