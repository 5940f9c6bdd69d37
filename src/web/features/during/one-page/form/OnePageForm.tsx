import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, SendRegular, StarFilled } from '@fluentui/react-icons';
import {
  ONE_PAGE_FILL_DENIED_MESSAGE,
  checklistMissingFields,
  classicMissingFields,
  isClassicFormat,
  onePageFormFields,
  onePageSubmitRefusal,
  type SubmitRefusal,
} from '@domain/rules';
import type { OnePageSubmit } from '@domain/contract';
import { ApiError } from '@web/api/client';
import { useProfessionals } from '@web/api/master';
import { useProject } from '@web/api/project';
import {
  ConfirmDialog,
  LoadingState,
  formatDate,
  formatWeek,
  useNotify,
  useRecordVersion,
  type SaveContext,
} from '@web/ui';
import { useSuggestions } from '../api/allocation-suggestions';
import { useConfirmCarried } from '../api/carry-forward';
import { onePageKeys, type OnePageRecord } from '../api/keys';
import { usePatchOnePage, useOnePage, type OnePageField, type OnePageFieldBody } from '../api/one-page';
import { useSubmitOnePage } from '../api/submit';
import { nameOfProfessional } from '../names';
import { ChecklistForm } from './ChecklistForm';
import { ClassicForm } from './ClassicForm';
import { CarriedBanner, StartFromLastWeek } from './StartFromLastWeek';
import { FormContext, FormStore, type FormContextValue } from './store';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  title: { flexGrow: 1, margin: 0 },
  star: { color: tokens.colorPaletteMarigoldForeground2, verticalAlign: 'middle' },
});

/** 001 §8. */
export const SUBMITTED = 'One Page submitted successfully!';
export const SUBMIT_ERROR = [
  'Error submitting One Page',
  'Something went wrong while submitting the data.',
] as const;

export interface OnePageFormProps {
  projectId: number;
  onePageId: number;
  /** canFillOnePage (001 §6): else everything is read-only. */
  canFill: boolean;
  onClose: () => void;
}

/**
 * The one-page form (001 §2, §3, §5, §8): format 1 opens the classic form, any other the Weekly Checklist;
 * if loading fails, the Weekly Checklist opens (read-only). Close, "Start from last week" and "Submit One-Page"
 * (both hidden once submitted); after submit everything is read-only and the one-page shows as submitted. Fields
 * Start from last week filled are marked "From last week" until edited or confirmed.
 */
export default function OnePageForm(props: OnePageFormProps) {
  const q = useOnePage(props.onePageId);
  if (q.isPending && q.fetchStatus !== 'idle') return <LoadingState label="Loading One-Page..." />;
  const failed = q.isError || !q.data;
  return (
    <LoadedForm
      // a retry that succeeds starts the form again from the loaded one-page
      key={`${props.onePageId}-${failed ? 'failed' : 'loaded'}`}
      {...props}
      record={q.data}
      failed={failed}
      onRetry={() => void q.refetch()}
    />
  );
}

function LoadedForm({
  projectId,
  onePageId,
  canFill,
  onClose,
  record,
  failed,
  onRetry,
}: OnePageFormProps & { record: OnePageRecord | undefined; failed: boolean; onRetry: () => void }) {
  const s = useStyles();
  const qc = useQueryClient();
  const notify = useNotify();
  const r: Partial<OnePageRecord> = record ?? {};
  const format = failed ? 2 : r.format;
  const classic = isClassicFormat(format);
  const submitted = !!r.submittedAt;
  const readOnly = failed || !canFill || submitted;
  const fields = onePageFormFields(format);

  const version = useRecordVersion(r.version);
  const [store] = useState(() => {
    const st = new FormStore(r, classic ? classicMissingFields : checklistMissingFields);
    st.setCarried(r.carriedFields ?? []);
    return st;
  });
  const patch = usePatchOnePage(projectId, onePageId).mutateAsync;
  const save = useCallback(
    (body: OnePageFieldBody, ctx: SaveContext) =>
      patch({ body, ...ctx }).catch((e: unknown) => {
        // submitted meanwhile (409): read it again, the form turns read-only
        if (e instanceof ApiError && e.status === 409)
          void qc.invalidateQueries({ queryKey: onePageKeys.detail(onePageId) });
        throw e;
      }),
    [patch, qc, onePageId],
  );
  // the marks as the server last answered them (every write's answer carries them)
  const carriedFields = r.carriedFields;
  useEffect(() => store.setCarried(carriedFields ?? []), [store, carriedFields]);
  const confirm = useConfirmCarried(projectId, onePageId).mutateAsync;
  const confirmCarried = useCallback(
    (fields?: OnePageField[]) =>
      version.serial(async () => {
        const saved = await confirm({ fields, version: version.current });
        version.current = saved.version;
      }),
    [confirm, version],
  );
  const ctx = useMemo<FormContextValue>(
    () => ({ store, version, save, readOnly, confirmCarried }),
    [store, version, save, readOnly, confirmCarried],
  );

  const suggestions = useSuggestions(onePageId, { enabled: !failed });
  const submit = useSubmitOnePage(projectId, onePageId);
  const [refusal, setRefusal] = useState<SubmitRefusal>(null);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const refuse = (x: NonNullable<SubmitRefusal>) => {
    setRefusal(x);
    store.setMissing(x.fields);
    notify.error(SUBMIT_ERROR[0], x.message);
  };
  /** Every pending save first, then the rules' check (001 §5): a refusal names the fields, else confirm. */
  const startSubmit = async () => {
    setChecking(true);
    try {
      await store.flushAll();
    } finally {
      setChecking(false);
    }
    const x = onePageSubmitRefusal(format, store.values, suggestions.data?.suggestions ?? []);
    if (x) return refuse(x);
    setRefusal(null);
    store.setMissing([]);
    setConfirming(true);
  };
  const confirmSubmit = async () => {
    const values = Object.fromEntries(fields.map((f) => [f, store.values[f] ?? null])) as OnePageSubmit;
    try {
      await submit.mutateAsync(values);
      notify.success(SUBMITTED);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const b = e.body as { fields?: unknown } | undefined;
        refuse({ message: e.message, fields: Array.isArray(b?.fields) ? (b.fields as string[]) : [] });
      } else {
        notify.error(...SUBMIT_ERROR);
        // already submitted elsewhere (409): read it again, the form turns read-only
        if (e instanceof ApiError && e.status === 409)
          void qc.invalidateQueries({ queryKey: onePageKeys.detail(onePageId) });
      }
    } finally {
      setConfirming(false);
    }
  };

  const professionals = useProfessionals();
  const project = useProject(projectId);
  const submittedBy = nameOfProfessional(r.idSubmittedBy, professionals.data, project.data?.projectTeam);
  const week = r.initialDate ? formatWeek(r.initialDate, r.endDate) : '';

  const Form = classic ? ClassicForm : ChecklistForm;
  return (
    <FormContext.Provider value={ctx}>
      <div className={s.root} role="form" aria-label={classic ? 'One Page' : 'Weekly Checklist'}>
        <div className={s.bar}>
          <Text as="h2" size={600} weight="semibold" className={s.title}>
            {week ? `Week ${week}` : 'One-Page'}
          </Text>
          <Button icon={<DismissRegular />} onClick={onClose}>
            Close
          </Button>
          {!submitted && canFill && !failed && r.id !== undefined && r.initialDate ? (
            <StartFromLastWeek
              projectId={projectId}
              record={{ id: r.id, initialDate: r.initialDate, format: r.format ?? 2 }}
            />
          ) : null}
          {!submitted && canFill && !failed ? (
            <Button
              appearance="primary"
              icon={checking || submit.isPending ? <Spinner size="tiny" /> : <SendRegular />}
              disabled={checking || submit.isPending}
              onClick={() => void startSubmit()}
            >
              Submit One-Page
            </Button>
          ) : null}
        </div>
        {failed ? (
          <MessageBar intent="error">
            <MessageBarBody>
              Something went wrong while loading the One Page: it opens read-only.
            </MessageBarBody>
            <MessageBarActions>
              <Button onClick={onRetry}>Retry</Button>
            </MessageBarActions>
          </MessageBar>
        ) : submitted ? (
          <MessageBar intent="success">
            <MessageBarBody>
              <MessageBarTitle>As submitted</MessageBarTitle>
              Submitted on {formatDate(r.submittedAt, 'dd MMM yyyy')}
              {submittedBy ? ` by ${submittedBy}` : ''}. It is read-only.
              {r.isDelayedSubmitted ? (
                <>
                  {' '}
                  <StarFilled className={s.star} aria-hidden /> Delayed submit.
                </>
              ) : null}
            </MessageBarBody>
          </MessageBar>
        ) : !canFill ? (
          <MessageBar intent="info">
            <MessageBarBody>{ONE_PAGE_FILL_DENIED_MESSAGE}: it is read-only for you.</MessageBarBody>
          </MessageBar>
        ) : null}
        {!submitted && !failed ? <CarriedBanner /> : null}
        {refusal && !submitted ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{refusal.message}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Form record={r} projectId={projectId} onePageId={onePageId} readOnly={readOnly} />
      </div>
      {confirming ? (
        <ConfirmDialog
          open
          title="One Page Submit"
          busy={submit.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirmSubmit()}
        >
          Are you sure you want to submit this One Page?
        </ConfirmDialog>
      ) : null}
    </FormContext.Provider>
  );
}
