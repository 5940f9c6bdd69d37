import { Body1, Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { MasterItem } from '@domain/contract/master-admin';
import type { MasterListDef } from '@domain/rules/master-lists';
import { ErrorState, ModalDialog, formatDate, formatTime } from '@web/ui';
import { useItemHistory } from './api/history';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  line: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

const ACTIONS: Record<string, string> = {
  created: 'Added',
  changed: 'Changed',
  deactivated: 'Deactivated',
  reactivated: 'Reactivated',
  deleted: 'Deleted',
  imported: 'Imported',
};

const text = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '(empty)'
    : Array.isArray(v)
      ? v.join(', ') || '(none)'
      : typeof v === 'boolean'
        ? v
          ? 'Yes'
          : 'No'
        : String(v)
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim();

/** An item's history: who changed what and when, newest first. */
export function HistoryDialog({
  def,
  item,
  onClose,
}: {
  def: MasterListDef;
  item: MasterItem;
  onClose: () => void;
}) {
  const s = useStyles();
  const q = useItemHistory(def.key, item.id);
  const label = (key: string) => def.fields.find((f) => f.key === key)?.label ?? key;
  return (
    <ModalDialog title={`History of ${item.label}`} width="medium" closeLabel="Close" onClose={onClose}>
      {q.isLoading ? <Spinner size="small" label="Loading history" /> : null}
      {q.error ? <ErrorState message={(q.error as Error).message} /> : null}
      {q.data && q.data.items.length === 0 ? <Body1>No changes recorded</Body1> : null}
      <ol className={s.list} aria-label="History">
        {(q.data?.items ?? []).map((h) => (
          <li key={h.id} className={s.line}>
            <Body1>
              <strong>{ACTIONS[h.action] ?? h.action}</strong> by {h.actor?.name ?? 'the system'}
            </Body1>
            <Caption1>
              {formatDate(h.at, 'dd MMM yyyy')} {formatTime(h.at)}
            </Caption1>
            {Object.entries(h.changes ?? {}).map(([k, [before, after]]) => (
              <Caption1 key={k}>
                {label(k)}: {text(before)} → {text(after)}
              </Caption1>
            ))}
          </li>
        ))}
      </ol>
    </ModalDialog>
  );
}
