import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { CheckmarkRegular, HistoryRegular } from '@fluentui/react-icons';
import { NO_CARRY_SOURCE_MESSAGE, carryForward, carrySourceOf } from '@domain/rules';
import { Hint, ModalDialog, failureMessage, formatWeek, useNotify } from '@web/ui';
import { useCarryForward } from '../api/carry-forward';
import type { OnePageListRow, OnePageRecord } from '../api/keys';
import { onePageQueryOptions } from '../api/one-page';
import { useOnePages } from '../api/one-pages';
import { useFormContext, useStoreSelector } from './store';

/** The button. */
export const START_FROM_LAST_WEEK = 'Start from last week';
/** The dialog's choices when fields filled this week differ from last week's. */
export const KEEP_THIS_WEEKS = "Keep this week's";
export const REPLACE_WITH_LAST_WEEKS = "Replace with last week's";
/** Everything already as last week (or empty then). */
export const NOTHING_TO_CARRY = "Nothing to take: this week's fields already hold last week's answers";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const weekOf = (r: Pick<OnePageListRow, 'initialDate' | 'endDate'>) => formatWeek(r.initialDate, r.endDate);

/**
 * "Start from last week" (beside Submit on a draft the person may fill): fills the form from the project's latest
 * submitted one-page before this one. Pending saves go first; when fields filled this week hold other values than
 * last week's, a dialog says how many and offers "Keep this week's" (only the empty fields are filled) or "Replace
 * with last week's". One request writes it (the one-page's version as If-Match); the answer goes into the cache
 * and the fields show it, marked "From last week". Disabled, with the reason, when there is nothing to start from.
 */
export function StartFromLastWeek({
  projectId,
  record,
}: {
  projectId: number;
  record: Pick<OnePageRecord, 'id' | 'initialDate' | 'format'>;
}) {
  const qc = useQueryClient();
  const notify = useNotify();
  const { store, version } = useFormContext();
  const list = useOnePages(projectId);
  const source = list.data ? carrySourceOf(list.data, record) : null;
  const carry = useCarryForward(projectId, record.id);
  const [preparing, setPreparing] = useState(false);
  const [asking, setAsking] = useState<{ source: OnePageListRow; differing: number } | null>(null);

  /** One request with the version the form's saves reached (after them). Its toast tells the outcome. */
  const write = (sourceId: number, replace: boolean) =>
    version.serial(async () => {
      const saved = await carry.mutateAsync({ sourceId, replace, version: version.current });
      version.current = saved.version;
    });

  const start = async () => {
    if (!source) return;
    setPreparing(true);
    try {
      await store.flushAll();
      const last = await qc.fetchQuery(onePageQueryOptions(source.id));
      const plan = carryForward(last, { ...store.values, format: record.format }, { replace: false });
      if (plan.differing.length > 0) setAsking({ source, differing: plan.differing.length });
      else if (plan.carried.length === 0) notify.info(NOTHING_TO_CARRY);
      else await write(source.id, false).catch(() => undefined); // the toast said it
    } catch (e) {
      notify.error('Something went wrong', failureMessage(e));
    } finally {
      setPreparing(false);
    }
  };
  const choose = (replace: boolean) =>
    write(asking!.source.id, replace).then(
      () => setAsking(null),
      () => setAsking(null), // the toast said it; the form shows the one-page as it is now
    );

  const busy = preparing || carry.isPending;
  const button = (
    <Button
      icon={busy ? <Spinner size="tiny" /> : <HistoryRegular />}
      disabledFocusable={!source || busy}
      onClick={() => void start()}
    >
      {START_FROM_LAST_WEEK}
    </Button>
  );
  return (
    <>
      {source || list.isPending ? (
        button
      ) : (
        <Hint content={NO_CARRY_SOURCE_MESSAGE} relationship="description">
          {button}
        </Hint>
      )}
      {asking ? (
        <ModalDialog
          title={START_FROM_LAST_WEEK}
          width="small"
          busy={carry.isPending}
          onClose={() => setAsking(null)}
          primaryLabel={KEEP_THIS_WEEKS}
          onPrimary={() => choose(false)}
          extraActions={
            <Button disabled={carry.isPending} onClick={() => void choose(true)}>
              {REPLACE_WITH_LAST_WEEKS}
            </Button>
          }
        >
          <Text>
            {`${plural(asking.differing, 'field', 'fields')} you filled this week ${asking.differing === 1 ? 'differs' : 'differ'} from the One-Page of ${weekOf(asking.source)}. Keep this week's answers there, or replace them with last week's? Empty fields are filled from last week either way.`}
          </Text>
        </ModalDialog>
      ) : null}
    </>
  );
}

/**
 * Above the form while fields are marked "From last week": how many, and (for those who may fill) "Confirm all",
 * which takes every mark off and keeps the values.
 */
export function CarriedBanner() {
  const { store, readOnly, confirmCarried } = useFormContext();
  const count = useStoreSelector(store, (st) => st.carried.size);
  const [busy, setBusy] = useState(false);
  if (count === 0) return null;
  return (
    <MessageBar intent="info">
      <MessageBarBody>
        {`${plural(count, 'field comes', 'fields come')} from last week's One-Page, marked From last week: check ${count === 1 ? 'it' : 'them'} and change what is different this week.`}
      </MessageBarBody>
      {readOnly ? null : (
        <MessageBarActions>
          <Button
            icon={<CheckmarkRegular />}
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void confirmCarried()
                .catch(() => undefined) // the toast said it
                .finally(() => setBusy(false));
            }}
          >
            Confirm all
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
