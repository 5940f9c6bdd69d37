import { useEffect, useState } from 'react';
import { Button, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { SEGMENT_LEVELS } from '@domain/contract';
import { useMasterList } from '@web/api/master';
import { ModalDialog } from '@web/ui/dialog';
import { QueryError } from '@web/ui';
import { useClient, useSaveClient, type Client } from './api/clients';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: '2fr 1fr auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
  },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

interface SegmentRow {
  key: number;
  segment: number | '';
  level: 1 | 2;
}

/** The form's check (002 §3 and our rule): a segment chosen on every row, none twice, one primary at most. */
export function segmentsProblem(rows: readonly SegmentRow[]): string | null {
  if (rows.some((r) => r.segment === '')) return 'Choose a segment on every row';
  const ids = rows.map((r) => r.segment);
  if (new Set(ids).size !== ids.length) return 'A segment can be listed only once';
  if (rows.filter((r) => r.level === 1).length > 1) return 'A client has at most one primary segment';
  return null;
}

let nextKey = 1;

/**
 * 'Edit Client' (spec 002 §2.10): the client's name and its segments, each a Segment (GET /master/segments) and
 * a SegmentLevel (primary / secondary); rows are added and removed; Save → PUT name, DELETE and POST segments.
 */
export function EditClientDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const s = useStyles();
  const q = useClient(client.ID);
  const segments = useMasterList('segments');
  const save = useSaveClient();
  const [name, setName] = useState(client.Name);
  const [rows, setRows] = useState<SegmentRow[] | null>(null);
  useEffect(() => {
    if (!q.data || rows) return;
    setName(q.data.Name);
    setRows(
      (q.data.ClientSegments ?? []).map((cs) => ({
        key: nextKey++,
        segment: cs.Segment.ID,
        level: cs.SegmentLevel,
      })),
    );
  }, [q.data, rows]);
  const problem = !name.trim() ? 'The client name is required' : rows ? segmentsProblem(rows) : null;
  const update = (key: number, change: Partial<SegmentRow>) =>
    setRows((list) => list?.map((r) => (r.key === key ? { ...r, ...change } : r)) ?? null);

  return (
    <ModalDialog
      title="Edit Client"
      onClose={onClose}
      primaryLabel="Save"
      primaryDisabled={!rows || !!problem}
      busy={save.isPending}
      onSubmit={() =>
        rows &&
        save
          .mutateAsync({
            id: client.ID,
            version: q.data?.version,
            name: name.trim(),
            segments: rows.map((r) => ({ Segment: Number(r.segment), SegmentLevel: r.level })),
          })
          .then(
            () => onClose(),
            () => undefined, // the toast says it; the dialog keeps what was typed
          )
      }
    >
      <QueryError query={q} />
      <Field
        label="Name"
        required
        validationMessage={!name.trim() ? 'The client name is required' : undefined}
      >
        <Input value={name} maxLength={300} onChange={(_, d) => setName(d.value)} />
      </Field>
      {!rows && !q.error ? <Spinner label="Loading..." /> : null}
      {rows ? (
        <div className={s.list} role="group" aria-label="Segments">
          <Text weight="semibold">Segments</Text>
          {rows.length === 0 ? <Text>No segments</Text> : null}
          {rows.map((r, i) => (
            <div key={r.key} className={s.row}>
              <Field label={`Segment ${i + 1}`}>
                <Select
                  value={String(r.segment)}
                  onChange={(_, d) => update(r.key, { segment: d.value ? Number(d.value) : '' })}
                >
                  <option value="">Choose a segment</option>
                  {(segments.data ?? []).map((o) => (
                    <option key={o.ID} value={o.ID}>
                      {o.Name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={`Segment Level ${i + 1}`}>
                <Select
                  value={String(r.level)}
                  onChange={(_, d) => update(r.key, { level: Number(d.value) as 1 | 2 })}
                >
                  {SEGMENT_LEVELS.map((l) => (
                    <option key={l.value} value={l.value}>
                      {l.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`Remove segment ${i + 1}`}
                onClick={() => setRows((list) => list?.filter((x) => x.key !== r.key) ?? null)}
              />
            </div>
          ))}
          <div>
            <Button
              icon={<AddRegular />}
              onClick={() =>
                setRows((list) => [
                  ...(list ?? []),
                  { key: nextKey++, segment: '', level: list?.some((x) => x.level === 1) ? 2 : 1 },
                ])
              }
            >
              Add segment
            </Button>
          </div>
          {problem && rows.length > 0 ? <Text role="status">{problem}</Text> : null}
        </div>
      ) : null}
    </ModalDialog>
  );
}
