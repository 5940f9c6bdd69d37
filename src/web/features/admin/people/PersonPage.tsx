import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { PersonRecord } from '@domain/contract/people';
import {
  activeToggleProblem,
  PERSON_SOURCE_LABELS,
  PROVISIONED_HINT,
  scopeLabel,
} from '@domain/rules/people';
import { ApiError } from '@web/api/client';
import { paths } from '@web/app/navigation';
import { ConfirmDialog, LoadingState, QueryError } from '@web/ui';
import { failureMessage } from '@web/ui/dialog/failure';
import { FormText, useZodForm } from '@web/ui/form';
import { AdminScreen } from '../AdminScreen';
import { peopleKeys } from './api/keys';
import { usePerson, useSetActive, useUpdatePerson } from './api/person';
import { changedFields, formValuesOf, mergeEdits, PersonForm, type PersonFormValues } from './form';
import { PersonHistory } from './PersonHistory';
import { PortalFields } from './PortalFields';
import { ScopeChecks } from './ScopeChecks';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  section: {
    marginTop: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** The message when someone else saved the person first (412). */
export const PERSON_CONFLICT =
  'Someone else changed this person meanwhile. Show their version, or keep your changes and save over it.';

/**
 * A person (Admin › People › a person): the fields provisioning owns, read-only and saying so when Microsoft
 * Entra ID provisions them; the portal's own fields and the scopes granted by hand, saved with If-Match (412: the
 * person chooses between the saved version and theirs); Deactivate / Reactivate; the history of changes.
 */
export default function PersonPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const q = usePerson(id, { enabled: valid });
  if (!valid) return <AdminScreen title="Person">Person not found</AdminScreen>;
  if (q.isLoading) return <LoadingState />;
  if (!q.data)
    return (
      <AdminScreen title="Person">
        <QueryError query={q} />
      </AdminScreen>
    );
  return <PersonEditor key={q.data.id} person={q.data} />;
}

function PersonEditor({ person }: { person: PersonRecord }) {
  const s = useStyles();
  // the version the form was loaded from (If-Match) and its values
  const [loaded, setLoaded] = useState(() => ({ version: person.version, values: formValuesOf(person) }));
  const [conflict, setConflict] = useState<PersonRecord | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm(PersonForm, loaded.values);
  const update = useUpdatePerson();
  const client = useQueryClient();
  const setActive = useSetActive();
  const provisioned = person.provisioned;
  const toggleProblem = activeToggleProblem({ scimId: provisioned ? 'provisioned' : null });

  const save = form.handleSubmit(async (values: PersonFormValues) => {
    setFailure(null);
    const body = changedFields(loaded.values, values, provisioned);
    if (Object.keys(body).length === 0) return;
    try {
      const saved = await update.mutateAsync({ id: person.id, body, version: loaded.version });
      const next = formValuesOf(saved);
      setLoaded({ version: saved.version, values: next });
      setConflict(null);
      form.reset(next);
    } catch (e) {
      if (e instanceof ApiError && e.isConflict && e.current) {
        const current = e.current as PersonRecord;
        // the page's badges, groups and scopes show the saved person; the form keeps what was typed
        client.setQueryData(peopleKeys.detail(current.id), current);
        setConflict(current);
        return;
      }
      setFailure(failureMessage(e));
    }
  });

  const showTheirs = () => {
    if (!conflict) return;
    const values = formValuesOf(conflict);
    setLoaded({ version: conflict.version, values });
    form.reset(values);
    setConflict(null);
  };
  const keepMine = () => {
    if (!conflict) return;
    // their version with the fields this person changed over it: Save then sends only those, over their version
    const values = mergeEdits(loaded.values, form.getValues(), formValuesOf(conflict));
    setLoaded({ version: conflict.version, values: formValuesOf(conflict) });
    form.reset(values);
    setConflict(null);
  };

  const toggleActive = async () => {
    try {
      const saved = await setActive.mutateAsync({
        id: person.id,
        active: !person.isActive,
        version: person.version,
      });
      setLoaded((l) => ({ ...l, version: saved.version }));
      setConfirming(false);
    } catch (e) {
      setConfirming(false);
      setFailure(failureMessage(e));
    }
  };

  const c = form.control;
  const owned = provisioned ? PROVISIONED_HINT : undefined;
  return (
    <AdminScreen title={person.name}>
      <RouterLink to={paths.admin.people()}>← People</RouterLink>
      <div className={s.header}>
        <Badge appearance="tint" color={person.isActive ? 'success' : 'subtle'}>
          {person.isActive ? 'Active' : 'Inactive'}
        </Badge>
        <Badge appearance="outline">{PERSON_SOURCE_LABELS[person.source]}</Badge>
        <Caption1 className={s.hint}>
          Effective scopes: {person.scopes.length ? person.scopes.map(scopeLabel).join(', ') : 'none'}
        </Caption1>
      </div>
      {conflict ? (
        <MessageBar intent="warning">
          <MessageBarBody>{PERSON_CONFLICT}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={showTheirs}>Show their version</Button>
            <Button onClick={keepMine}>Keep mine</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <form
        className={s.section}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Text weight="semibold">Directory</Text>
        {provisioned ? <Caption1 className={s.hint}>{PROVISIONED_HINT}</Caption1> : null}
        <div className={s.grid}>
          <FormText control={c} name="name" label="Name" required readOnly={provisioned} hint={owned} />
          <FormText control={c} name="email" label="E-mail" required readOnly={provisioned} hint={owned} />
          <FormText control={c} name="jobTitle" label="Job title" readOnly={provisioned} hint={owned} />
          <ReadOnly label="Login" value={person.login} hint={owned} />
          {provisioned ? (
            <>
              <ReadOnly label="Department" value={person.department} hint={owned} />
              <ReadOnly label="Employee number" value={person.employeeNumber} hint={owned} />
              <ReadOnly label="Manager" value={person.manager?.name} hint={owned} />
            </>
          ) : null}
        </div>
        <Text weight="semibold">Portal</Text>
        <div className={s.grid}>
          <PortalFields control={c} person={person} />
        </div>
        <ScopeChecks control={c} person={person} />
        <div className={s.actions}>
          <Button type="submit" appearance="primary" disabled={form.formState.isSubmitting || !!conflict}>
            Save
          </Button>
          <Button disabled={!!toggleProblem} onClick={() => setConfirming(true)}>
            {person.isActive ? 'Deactivate' : 'Reactivate'}
          </Button>
          {toggleProblem ? <Caption1 className={s.hint}>{toggleProblem}</Caption1> : null}
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={person.isActive ? `Deactivate ${person.name}?` : `Reactivate ${person.name}?`}
        confirmLabel={person.isActive ? 'Deactivate' : 'Reactivate'}
        busy={setActive.isPending}
        onConfirm={() => void toggleActive()}
        onCancel={() => setConfirming(false)}
      >
        {person.isActive
          ? 'They can no longer sign in (within 30 seconds everywhere) and are no longer offered in pickers; their name stays on every record.'
          : 'They can sign in again and are offered in pickers.'}
      </ConfirmDialog>
      <div className={s.section}>
        <Text weight="semibold">History</Text>
        <PersonHistory id={person.id} />
      </div>
    </AdminScreen>
  );
}

function ReadOnly({
  label,
  value,
  hint,
}: {
  label: string;
  value: string | null | undefined;
  hint?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      <Input readOnly value={value ?? ''} />
    </Field>
  );
}
