import { useState } from 'react';
import { z } from 'zod';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { TOKEN_NAME_MAX } from '@domain/rules/people';
import { ModalDialog } from '@web/ui/dialog';
import { failureMessage } from '@web/ui/dialog/failure';
import { FormText, useZodForm } from '@web/ui/form';
import { useCreateToken, type ProvisioningTokenCreated } from './api/provisioning';
import { useCopy } from './copy';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  token: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

const TokenForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(TOKEN_NAME_MAX, `at most ${TOKEN_NAME_MAX} characters`),
});

/** The warning beside a token just created. */
export const TOKEN_SHOWN_ONCE =
  'Copy this token now and paste it as the Secret Token in Entra ID: it will not be shown again.';

/** "Create token": a name, then the token once with Copy and the warning that it will not be shown again. */
export function TokenDialog({ onClose }: { onClose: () => void }) {
  const s = useStyles();
  const form = useZodForm(TokenForm, { name: '' });
  const create = useCreateToken();
  const copy = useCopy();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<ProvisioningTokenCreated | null>(null);
  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      setCreated(await create.mutateAsync(name));
    } catch (e) {
      setFailure(failureMessage(e));
    }
  });
  if (created)
    return (
      <ModalDialog title={`Token ${created.name}`} closeLabel="Done" onClose={onClose}>
        <MessageBar intent="warning">
          <MessageBarBody>{TOKEN_SHOWN_ONCE}</MessageBarBody>
        </MessageBar>
        <div className={s.row}>
          <Field label="Token" className={s.token}>
            <Input readOnly value={created.token} className={s.token} />
          </Field>
          <Button icon={<CopyRegular />} onClick={() => void copy(created.token, 'Token')}>
            Copy
          </Button>
        </div>
      </ModalDialog>
    );
  return (
    <ModalDialog
      title="Create token"
      closeLabel="Close"
      primaryLabel="Create"
      busy={form.formState.isSubmitting}
      error={failure}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormText
        control={form.control}
        name="name"
        label="Name"
        required
        hint="For example: Entra ID production"
      />
    </ModalDialog>
  );
}
