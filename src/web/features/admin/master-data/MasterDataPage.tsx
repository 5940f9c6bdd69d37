import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Dropdown,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Subtitle2,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import type { MasterItem, MasterListSummary } from '@domain/contract/master-admin';
import {
  MASTER_LIST_GROUPS,
  MASTER_LIST_KEYS,
  MASTER_LISTS,
  isMasterListKey,
  type MasterListDef,
  type MasterListKey,
} from '@domain/rules/master-lists';
import { ConfirmDialog, ErrorState, PortalDataGrid, useNotify, failureMessage } from '@web/ui';
import { actionColumn, type PortalColumn } from '@web/ui/grid/types';
import { AdminScreen } from '../AdminScreen';
import { useSetActive } from './api/activation';
import { useMasterItems, type StatusFilter } from './api/items';
import { useMasterOverview } from './api/overview';
import { useRemoveItem } from './api/remove';
import { HistoryDialog } from './HistoryDialog';
import { ItemDialog } from './ItemDialog';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(200px, 240px) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    '@media (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  nav: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  groupTitle: { color: tokens.colorNeutralForeground3, paddingLeft: tokens.spacingHorizontalS },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  tab: { justifyContent: 'flex-start' },
  status: { minWidth: '140px', width: '160px' },
});

const STATUS_LABELS: Record<StatusFilter, string> = { all: 'All', active: 'Active', inactive: 'Inactive' };

/** The list chooser: the lists by group, each with its count of active items. */
function ListChooser({
  selected,
  counts,
  onSelect,
}: {
  selected: MasterListKey;
  counts: Map<string, MasterListSummary>;
  onSelect: (key: MasterListKey) => void;
}) {
  const s = useStyles();
  return (
    <nav className={s.nav} aria-label="Master lists">
      {MASTER_LIST_GROUPS.map((group) => {
        const keys = MASTER_LIST_KEYS.filter((k) => MASTER_LISTS[k].group === group);
        return (
          <div key={group} className={s.group}>
            <Caption1 className={s.groupTitle}>{group}</Caption1>
            <TabList
              vertical
              size="small"
              aria-label={group}
              selectedValue={keys.includes(selected) ? selected : null}
              onTabSelect={(_, d) => onSelect(d.value as MasterListKey)}
            >
              {keys.map((k) => {
                const c = counts.get(k);
                return (
                  <Tab key={k} value={k} className={s.tab}>
                    {MASTER_LISTS[k].label}
                    {c ? ` (${c.active})` : ''}
                  </Tab>
                );
              })}
            </TabList>
          </div>
        );
      })}
    </nav>
  );
}

/** The grid of one list: its items with their fields, status and use, and the buttons of each. */
function ListPanel({ def, summary }: { def: MasterListDef; summary?: MasterListSummary }) {
  const s = useStyles();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<MasterItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MasterItem | null>(null);
  const [history, setHistory] = useState<MasterItem | null>(null);
  const q = useMasterItems(def.key, search, status);
  const setActive = useSetActive(def.key);
  const remove = useRemoveItem(def.key);
  const fixed = def.renameOnly === true;

  const toggle = async (item: MasterItem) => {
    try {
      await setActive.mutateAsync({ item, active: !item.active });
      notify.success(`${item.label} ${item.active ? 'deactivated' : 'reactivated'}`);
    } catch (e) {
      notify.error(failureMessage(e));
    }
  };

  const naming = def.unique ?? [def.fields[0]!.key];
  const columns: PortalColumn<MasterItem>[] = [
    { key: 'label', title: def.unique ? def.item : 'Name', value: (r) => r.label },
    ...def.fields
      .filter((f) => !naming.includes(f.key) && f.type !== 'html')
      .map((f) => ({ key: f.key, title: f.label, value: (r: MasterItem) => r.display[f.key] ?? '' })),
    {
      key: 'active',
      title: 'Status',
      width: 110,
      value: (r) => (r.active ? 'Active' : 'Inactive'),
      render: (r) => (
        <Badge appearance="tint" color={r.active ? 'success' : 'subtle'}>
          {r.active ? 'Active' : 'Inactive'}
        </Badge>
      ),
      stateless: true,
    },
    { key: 'inUse', title: 'In use', value: (r) => r.inUse, width: 90 },
    actionColumn<MasterItem>('actions', 'Actions', fixed ? 170 : 380, (r) => (
      <div className={s.actions}>
        <Button size="small" onClick={() => setEditing(r)} aria-label={`Edit ${r.label}`}>
          Edit
        </Button>
        {fixed ? null : (
          <Button
            size="small"
            onClick={() => void toggle(r)}
            disabled={setActive.isPending}
            aria-label={`${r.active ? 'Deactivate' : 'Reactivate'} ${r.label}`}
          >
            {r.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        )}
        {fixed ? null : (
          <Button
            size="small"
            onClick={() => setDeleting(r)}
            disabled={r.inUse > 0}
            title={r.inUse > 0 ? 'In use: deactivate it instead' : undefined}
            aria-label={`Delete ${r.label}`}
          >
            Delete
          </Button>
        )}
        <Button
          size="small"
          appearance="subtle"
          onClick={() => setHistory(r)}
          aria-label={`History of ${r.label}`}
        >
          History
        </Button>
      </div>
    )),
  ];

  return (
    <section className={s.panel} aria-label={def.label}>
      <Subtitle2>{def.label}</Subtitle2>
      {summary ? (
        <Caption1>
          {summary.active} active, {summary.inactive} inactive
        </Caption1>
      ) : null}
      {fixed ? (
        <MessageBar intent="info">
          <MessageBarBody>
            {def.label} have fixed meanings in the portal: they can be renamed, not added, deactivated or
            deleted.
          </MessageBarBody>
        </MessageBar>
      ) : (
        <Body1>
          An item in use is never deleted: deactivated, it stays on the records that hold it and is not
          offered for new ones.
        </Body1>
      )}
      {q.error ? <ErrorState message={(q.error as Error).message} /> : null}
      <PortalDataGrid<MasterItem>
        ariaLabel={def.label}
        rows={q.rows}
        loading={q.isLoading}
        columns={columns}
        getRowId={(r) => r.id}
        readOnly
        search
        searchPlaceholder={`Search ${def.label.toLowerCase()}`}
        onSearchChange={setSearch}
        emptyText={search ? 'No items match the search' : 'No items yet'}
        height={560}
        infinite={{
          total: q.total,
          hasNextPage: q.hasNextPage,
          isFetchingNextPage: q.isFetchingNextPage,
          fetchNextPage: () => void q.fetchNextPage(),
        }}
        toolbar={
          <div className={s.toolbar}>
            {fixed ? null : (
              <Button appearance="primary" onClick={() => setEditing('new')}>
                Add {def.item.toLowerCase()}
              </Button>
            )}
            <Dropdown
              className={s.status}
              aria-label="Status"
              value={STATUS_LABELS[status]}
              selectedOptions={[status]}
              onOptionSelect={(_, d) => setStatus(d.optionValue as StatusFilter)}
            >
              {(Object.keys(STATUS_LABELS) as StatusFilter[]).map((k) => (
                <Option key={k} value={k}>
                  {STATUS_LABELS[k]}
                </Option>
              ))}
            </Dropdown>
          </div>
        }
      />
      {editing ? (
        <ItemDialog
          key={editing === 'new' ? 'new' : editing.id}
          def={def}
          item={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {history ? <HistoryDialog def={def} item={history} onClose={() => setHistory(null)} /> : null}
      <DeleteDialog
        item={deleting}
        def={def}
        onDelete={(item) => remove.mutateAsync(item)}
        onDone={(item) => {
          setDeleting(null);
          if (item) notify.success(`${item.label} deleted`);
        }}
      />
    </section>
  );
}

/** Confirms a delete; the server's refusal (409: in use) is shown in the dialog. */
function DeleteDialog({
  def,
  item,
  onDelete,
  onDone,
}: {
  def: MasterListDef;
  item: MasterItem | null;
  onDelete: (item: MasterItem) => Promise<unknown>;
  onDone: (deleted: MasterItem | null) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={item !== null}
      title={`Delete ${def.item.toLowerCase()}`}
      confirmLabel="Delete"
      busy={busy}
      confirmDisabled={failure !== null}
      onCancel={() => {
        setFailure(null);
        onDone(null);
      }}
      onConfirm={() => {
        if (!item) return;
        setBusy(true);
        onDelete(item)
          .then(() => {
            setFailure(null);
            onDone(item);
          })
          .catch((e: unknown) => setFailure(failureMessage(e)))
          .finally(() => setBusy(false));
      }}
    >
      <Body1>Delete {item?.label}? It is used by no record; its history is kept.</Body1>
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * Admin › Master data: every master list the screens read, by group (Organisation, Projects, Clients, CRM), each a
 * grid with add, edit, deactivate / reactivate, delete while unused, and history. Holders of Admin.
 */
export default function MasterDataPage() {
  const s = useStyles();
  const [params, setParams] = useSearchParams();
  const asked = params.get('list') ?? '';
  const selected: MasterListKey = isMasterListKey(asked) ? asked : 'practices';
  const overview = useMasterOverview();
  const counts = new Map((overview.data?.lists ?? []).map((l) => [l.key as string, l]));
  return (
    <AdminScreen title="Master data">
      {overview.error ? <ErrorState message={(overview.error as Error).message} /> : null}
      <div className={s.layout}>
        <ListChooser
          selected={selected}
          counts={counts}
          onSelect={(key) => setParams({ list: key }, { replace: true })}
        />
        <ListPanel key={selected} def={MASTER_LISTS[selected]} summary={counts.get(selected)} />
      </div>
    </AdminScreen>
  );
}
