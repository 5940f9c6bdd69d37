import { memo, useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, CheckmarkCircleRegular, DeleteRegular } from '@fluentui/react-icons';
import { FEEDBACK_AUTOSAVE_MS } from '@domain/constants';
import { allocationDayChoices } from '@domain/rules';
import { useProject } from '@web/api/project';
import { ConfirmDialog, ModalDialog, SaveState, useAutosave, useNotify } from '@web/ui';
import {
  FEEDBACK_ERROR,
  FEEDBACK_SAVED,
  patchFeedback,
  useSuggestionMutations,
  useSuggestions,
} from '../api/allocation-suggestions';
import type { Suggestion } from '../api/keys';
import { Hint } from '@web/ui/Hint';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  scroller: { overflowX: 'auto' },
  table: { minWidth: '760px' },
  days: { minWidth: '88px', width: '88px' },
  feedback: { width: '100%' },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const fmt = (n: number | null | undefined) => (typeof n === 'number' ? String(n) : '0');
/** The two weeks after this one, always two entries (next week, two weeks ahead). */
const nextOf = (s: Suggestion) => [0, 1].map((i) => ({ totalDays: s.nextAllocations?.[i]?.totalDays ?? 0 }));

/** A day choice (001 §4, §9: 0 to 5 in steps of 0.5, 0.25 for practice 7). */
function DaysDropdown({
  label,
  value,
  choices,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  choices: number[];
  disabled: boolean;
  onChange: (days: number) => void;
}) {
  const s = useStyles();
  return (
    <Dropdown
      aria-label={label}
      className={s.days}
      size="small"
      disabled={disabled}
      value={fmt(value)}
      selectedOptions={[fmt(value)]}
      onOptionSelect={(_, d) => {
        const days = Number(d.optionValue);
        if (Number.isFinite(days) && days !== value) onChange(days);
      }}
    >
      {choices.map((c) => (
        <Option key={c} value={String(c)}>
          {String(c)}
        </Option>
      ))}
    </Dropdown>
  );
}

/** The feedback of one suggestion: saved 1 s after typing stops (001 §4, §9) with its own §8 toasts. */
function FeedbackField({
  onePageId,
  suggestion,
  readOnly,
}: {
  onePageId: number;
  suggestion: Suggestion;
  readOnly: boolean;
}) {
  const s = useStyles();
  const client = useQueryClient();
  const notify = useNotify();
  const a = useAutosave<string>({
    value: suggestion.feedback ?? '',
    version: suggestion.version,
    delayMs: FEEDBACK_AUTOSAVE_MS,
    readOnly,
    save: (v, ctx) => patchFeedback(client, onePageId, suggestion.id, v, ctx),
    fromRecord: (r: Suggestion | undefined) => r?.feedback ?? '',
    onSaved: () => notify.success(FEEDBACK_SAVED),
    onFailed: (_, attempt) => attempt === 1 && notify.error(...FEEDBACK_ERROR),
  });
  return (
    <Field
      hint={readOnly ? undefined : <SaveState state={a.state} retrying={a.retrying} offline={a.offline} />}
      validationState={a.state === 'failed' ? 'error' : 'none'}
    >
      <Textarea
        aria-label={`Feedback for ${suggestion.professional.name}`}
        className={s.feedback}
        rows={1}
        resize="vertical"
        maxLength={5000}
        readOnly={readOnly}
        placeholder={readOnly ? 'No feedback available' : undefined}
        value={a.value}
        onChange={(_, d) => a.change(d.value)}
        onBlur={() => void a.flush()}
      />
    </Field>
  );
}

interface RowActions {
  setDays: (s: Suggestion, totalDays: number) => void;
  setNext: (s: Suggestion, week: 0 | 1, totalDays: number) => void;
  approve: (s: Suggestion, isApproved: boolean) => void;
  remove: (s: Suggestion) => void;
}

/** One professional's row; memoised: a change in one row re-renders that row only. */
const SuggestionRow = memo(function SuggestionRow({
  onePageId,
  suggestion: sg,
  readOnly,
  feedbackEditable,
  actions,
}: {
  onePageId: number;
  suggestion: Suggestion;
  readOnly: boolean;
  feedbackEditable: boolean;
  actions: RowActions;
}) {
  const choices = useMemo(() => allocationDayChoices(sg.idPractice), [sg.idPractice]);
  const name = sg.professional.name;
  const next = nextOf(sg);
  return (
    <TableRow>
      <TableCell>{name}</TableCell>
      <TableCell>
        <DaysDropdown
          label={`This week for ${name}`}
          value={sg.totalDays}
          choices={choices}
          disabled={readOnly}
          onChange={(d) => actions.setDays(sg, d)}
        />
      </TableCell>
      <TableCell>
        <DaysDropdown
          label={`Next week for ${name}`}
          value={next[0]!.totalDays}
          choices={choices}
          disabled={readOnly}
          onChange={(d) => actions.setNext(sg, 0, d)}
        />
      </TableCell>
      <TableCell>
        <DaysDropdown
          label={`Two weeks ahead for ${name}`}
          value={next[1]!.totalDays}
          choices={choices}
          disabled={readOnly}
          onChange={(d) => actions.setNext(sg, 1, d)}
        />
      </TableCell>
      <TableCell>
        <FeedbackField onePageId={onePageId} suggestion={sg} readOnly={readOnly && !feedbackEditable} />
      </TableCell>
      <TableCell>
        <Checkbox
          aria-label={`Approve ${name}`}
          checked={sg.isApproved}
          disabled={readOnly}
          onChange={(_, d) => actions.approve(sg, !!d.checked)}
        />
      </TableCell>
      {readOnly ? null : (
        <TableCell>
          <Hint content={`Delete ${name}`} relationship="label">
            <Button
              appearance="subtle"
              size="small"
              icon={<DeleteRegular />}
              onClick={() => actions.remove(sg)}
            />
          </Hint>
        </TableCell>
      )}
    </TableRow>
  );
});

/** Add a suggestion: a team member not listed yet and their days (0.5 steps: valid for every practice). */
function AddDialog({
  onePageId,
  candidates,
  onClose,
}: {
  onePageId: number;
  candidates: { id: number; name: string }[];
  onClose: () => void;
}) {
  const s = useStyles();
  const { add } = useSuggestionMutations(onePageId);
  const [who, setWho] = useState<number | null>(null);
  const [days, setDays] = useState([0, 0, 0]);
  const choices = useMemo(() => allocationDayChoices(null), []);
  const labels = ['This week', 'Next week', 'Two weeks ahead'];
  return (
    <ModalDialog
      title="Add allocation"
      primaryLabel="Add"
      primaryDisabled={who === null}
      busy={add.isPending}
      onClose={onClose}
      onPrimary={async () => {
        await add.mutateAsync({
          idProfessional: who!,
          totalDays: days[0]!,
          nextAllocations: [{ totalDays: days[1]! }, { totalDays: days[2]! }],
        });
        onClose();
      }}
    >
      <div className={s.form}>
        <Field label="Professional" required>
          <Dropdown
            placeholder={candidates.length ? 'Select a professional' : 'Everyone on the team is listed'}
            selectedOptions={who === null ? [] : [String(who)]}
            value={candidates.find((c) => c.id === who)?.name ?? ''}
            onOptionSelect={(_, d) => setWho(Number(d.optionValue))}
          >
            {candidates.map((c) => (
              <Option key={c.id} value={String(c.id)}>
                {c.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {labels.map((label, i) => (
          <Field key={label} label={label}>
            <DaysDropdown
              label={label}
              value={days[i]!}
              choices={choices}
              disabled={false}
              onChange={(d) => setDays((v) => v.map((x, j) => (j === i ? d : x)))}
            />
          </Field>
        ))}
      </div>
    </ModalDialog>
  );
}

/**
 * STAFFING: the allocation suggestions of a one-page (001 §3, §4, §7, §8): professional, this week, next week,
 * two weeks ahead, feedback (1 s autosave), approve, Approve All, add and delete; the server's infoMessage
 * above. Read-only (no add, delete or approve) after submit or for those who may not fill the one-page;
 * `feedbackEditable` keeps the feedback writable anyway (the Dashboard Archive's Staffing of a submitted classic
 * one-page, 002 §2.5: the server allows the feedback alone there).
 */
export function AllocationTable({
  projectId,
  onePageId,
  readOnly,
  feedbackEditable = false,
  title = 'Governance Allocations',
}: {
  projectId: number;
  onePageId: number;
  readOnly: boolean;
  feedbackEditable?: boolean;
  title?: string;
}) {
  const s = useStyles();
  const q = useSuggestions(onePageId);
  const project = useProject(projectId);
  const m = useSuggestionMutations(onePageId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Suggestion | null>(null);
  const rows = useMemo(
    () => (q.data?.suggestions ?? []).filter((x) => x.professional?.isActive !== false),
    [q.data],
  );

  const update = m.update.mutate;
  const setDaysMutate = m.setDays.mutate;
  const actions = useMemo<RowActions>(
    () => ({
      setDays: (sg, totalDays) => setDaysMutate({ s: sg, totalDays }),
      setNext: (sg, week, totalDays) =>
        update({ ...sg, nextAllocations: nextOf(sg).map((n, i) => (i === week ? { totalDays } : n)) }),
      approve: (sg, isApproved) => update({ ...sg, isApproved }),
      remove: (sg) => setDeleting(sg),
    }),
    [update, setDaysMutate],
  );
  const onDelete = useCallback(async () => {
    if (!deleting) return;
    await m.remove.mutateAsync(deleting).catch(() => undefined);
    setDeleting(null);
  }, [deleting, m.remove]);

  const candidates = (project.data?.projectTeam ?? [])
    .filter(
      (t) => t.professional.isActive !== false && !rows.some((r) => r.idProfessional === t.idProfessional),
    )
    .map((t) => ({ id: t.idProfessional, name: t.professional.name }))
    .sort((a, b) => a.name.localeCompare(b.name));

  if (q.isLoading) return <Spinner size="small" label="Loading allocations..." />;
  if (q.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>Something went wrong</MessageBarBody>
      </MessageBar>
    );
  const allApproved = rows.every((r) => r.isApproved);
  return (
    <div className={s.root}>
      {q.data?.infoMessage ? (
        <MessageBar intent="info">
          <MessageBarBody>{q.data.infoMessage}</MessageBarBody>
        </MessageBar>
      ) : null}
      {readOnly ? null : (
        <div className={s.toolbar}>
          <Button icon={<AddRegular />} onClick={() => setAdding(true)}>
            Add
          </Button>
          <Button
            icon={<CheckmarkCircleRegular />}
            disabled={rows.length === 0 || allApproved || m.approveAll.isPending}
            onClick={() => m.approveAll.mutate()}
          >
            Approve All
          </Button>
        </div>
      )}
      <div className={s.scroller}>
        <Table aria-label={title} size="small" className={s.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Professional</TableHeaderCell>
              <TableHeaderCell>This week</TableHeaderCell>
              <TableHeaderCell>Next week</TableHeaderCell>
              <TableHeaderCell>Two weeks ahead</TableHeaderCell>
              <TableHeaderCell>Feedback</TableHeaderCell>
              <TableHeaderCell>Approved</TableHeaderCell>
              {readOnly ? null : <TableHeaderCell aria-label="Actions" />}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <SuggestionRow
                key={r.id}
                onePageId={onePageId}
                suggestion={r}
                readOnly={readOnly}
                feedbackEditable={feedbackEditable}
                actions={actions}
              />
            ))}
          </TableBody>
        </Table>
      </div>
      {rows.length === 0 ? <Text className={s.empty}>No allocations for this week</Text> : null}
      {adding ? (
        <AddDialog onePageId={onePageId} candidates={candidates} onClose={() => setAdding(false)} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          title="Delete"
          busy={m.remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void onDelete()}
        >
          {`Are you sure you want to delete the allocation of ${deleting.professional.name}?`}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
