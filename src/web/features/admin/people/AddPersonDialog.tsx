import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ModalDialog } from '@web/ui/dialog';
import { failureMessage } from '@web/ui/dialog/failure';
import { FormText, useZodForm } from '@web/ui/form';
import { useCreatePerson, type PersonRecord } from './api/person';
import { changedFields, EMPTY_PERSON, PersonForm, type PersonFormValues } from './form';
import { PortalFields } from './PortalFields';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
  },
});

/** "Add person": a person added by hand (source Manual) with name, e-mail, job title and the portal's fields. */
export function AddPersonDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (p: PersonRecord) => void;
}) {
  const s = useStyles();
  const form = useZodForm(PersonForm, EMPTY_PERSON);
  const create = useCreatePerson();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values: PersonFormValues) => {
    setFailure(null);
    const fields = changedFields(EMPTY_PERSON, values, false);
    try {
      const p = await create.mutateAsync({ ...fields, name: values.name.trim(), email: values.email.trim() });
      onAdded(p);
    } catch (e) {
      setFailure(failureMessage(e));
    }
  });
  const c = form.control;
  return (
    <ModalDialog
      title="Add person"
      width="large"
      closeLabel="Close"
      primaryLabel="Add"
      busy={form.formState.isSubmitting}
      error={failure}
      onClose={onClose}
      onSubmit={submit}
      contentClassName={s.grid}
    >
      <FormText control={c} name="name" label="Name" required />
      <FormText control={c} name="email" label="E-mail" type="email" required />
      <FormText control={c} name="jobTitle" label="Job title" />
      <PortalFields control={c} />
    </ModalDialog>
  );
}
