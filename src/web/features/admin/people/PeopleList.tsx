import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Dropdown, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import { PersonAddRegular } from '@fluentui/react-icons';
import { PERSON_SOURCE_LABELS, PERSON_SOURCES, scopeLabel, type PersonSource } from '@domain/rules/people';
import { paths } from '@web/app/navigation';
import { PersonAvatar, PortalDataGrid, QueryError, type PortalColumn } from '@web/ui';
import { AddPersonDialog } from './AddPersonDialog';
import { usePeopleGrid, type PeopleFilters, type PersonRow } from './api/people';

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  filter: { minWidth: '150px' },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const STATUSES = [
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['all', 'All'],
] as const;

/** The People tab: search, status and source filters, the server-paged grid, Add person. */
export function PeopleList() {
  const s = useStyles();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<PeopleFilters>({ search: '', status: 'active', source: '' });
  const [adding, setAdding] = useState(false);
  const q = usePeopleGrid(filters);
  const { fetchNextPage } = q;
  const fetchMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const setSearch = useCallback((search: string) => setFilters((f) => ({ ...f, search })), []);

  const columns = useMemo<PortalColumn<PersonRow>[]>(
    () => [
      {
        key: 'name',
        title: 'Name',
        stateless: true,
        render: (r) => (
          <span className={s.name}>
            <PersonAvatar person={{ ...r, photoGUID: r.photoGUID }} size={24} tooltip={false} />
            {r.name}
          </span>
        ),
      },
      { key: 'email', title: 'E-mail' },
      { key: 'jobTitle', title: 'Job title', value: (r) => r.jobTitle ?? '' },
      { key: 'scopes', title: 'Scopes', value: (r) => r.scopes.map(scopeLabel).join(', ') },
      { key: 'source', title: 'Source', value: (r) => PERSON_SOURCE_LABELS[r.source], width: 110 },
      {
        key: 'isActive',
        title: 'Status',
        width: 110,
        value: (r) => (r.isActive ? 'Active' : 'Inactive'),
        stateless: true,
        render: (r) => (
          <Badge appearance="tint" color={r.isActive ? 'success' : 'subtle'}>
            {r.isActive ? 'Active' : 'Inactive'}
          </Badge>
        ),
      },
    ],
    [s.name],
  );

  const statusLabel = STATUSES.find(([v]) => v === filters.status)![1];
  return (
    <>
      <QueryError query={q} />
      <PortalDataGrid<PersonRow>
        ariaLabel="People"
        rows={q.rows}
        loading={q.isLoading}
        getRowId={(r) => r.id}
        columns={columns}
        search
        searchPlaceholder="Search name, e-mail or login"
        onSearchChange={setSearch}
        height={560}
        emptyText="No people"
        onRowClick={(r) => navigate(paths.admin.person(r.id))}
        toolbar={
          <div className={s.toolbar}>
            <Field label="Status" className={s.filter}>
              <Dropdown
                value={statusLabel}
                selectedOptions={[filters.status]}
                onOptionSelect={(_, d) =>
                  setFilters((f) => ({ ...f, status: d.optionValue as PeopleFilters['status'] }))
                }
              >
                {STATUSES.map(([v, label]) => (
                  <Option key={v} value={v}>
                    {label}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label="Source" className={s.filter}>
              <Dropdown
                value={filters.source ? PERSON_SOURCE_LABELS[filters.source] : 'Any source'}
                selectedOptions={[filters.source]}
                onOptionSelect={(_, d) =>
                  setFilters((f) => ({ ...f, source: (d.optionValue ?? '') as PersonSource | '' }))
                }
              >
                <Option value="">Any source</Option>
                {PERSON_SOURCES.map((v) => (
                  <Option key={v} value={v}>
                    {PERSON_SOURCE_LABELS[v]}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Button icon={<PersonAddRegular />} appearance="primary" onClick={() => setAdding(true)}>
              Add person
            </Button>
          </div>
        }
        infinite={{
          total: q.total,
          hasNextPage: q.hasNextPage,
          isFetchingNextPage: q.isFetchingNextPage,
          fetchNextPage: fetchMore,
        }}
      />
      {adding ? (
        <AddPersonDialog
          onClose={() => setAdding(false)}
          onAdded={(p) => {
            setAdding(false);
            navigate(paths.admin.person(p.id));
          }}
        />
      ) : null}
    </>
  );
}
