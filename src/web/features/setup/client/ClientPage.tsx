import { useParams } from 'react-router-dom';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ClientRecord } from '@domain/contract';
import { useSetupAccess } from '@web/api/setup-access';
import { useRecordVersion } from '@web/ui/autosave';
import { PageHeading } from '@web/ui/PageHeading';
import { ErrorState, LoadingState } from '@web/ui/PageState';
import { AutosaveRichTextField, RichTextView } from '@web/ui/rich-text';
import { useClient, useSaveClientText, type ClientTextField } from './api/client';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '960px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

const FIELDS: [ClientTextField, string][] = [
  ['ClientDescription', 'CLIENT DESCRIPTION'],
  ['ClientCulture', 'CLIENT CULTURE'],
];

/**
 * Setup › Client `/project/{id}/setup/client` (001 §2): the project's client's CLIENT DESCRIPTION and CLIENT
 * CULTURE, rich text saved 3 s after typing stops or on leaving the editor ("Saved" / "Something went wrong",
 * the conflict bar on a 412); read-only for whoever may not edit the project's setup (§6).
 */
export default function ClientPage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const idClient = access.project?.idClient ?? undefined;
  const client = useClient(idClient);
  const save = useSaveClientText(projectId, idClient ?? 0);
  const version = useRecordVersion(client.data?.version);

  if (access.isLoading || client.isLoading) return <LoadingState />;
  const heading = <PageHeading banner="SETUP" title="Client" />;
  if (access.project && !idClient)
    return (
      <section>
        {heading}
        <Text>This project has no client.</Text>
      </section>
    );
  if (client.error || !client.data)
    return (
      <section>
        {heading}
        <ErrorState
          message={(client.error as Error)?.message ?? 'Client not found'}
          onRetry={() => void client.refetch()}
        />
      </section>
    );
  const c = client.data;
  return (
    <section>
      {heading}
      <div className={s.root}>
        <Text size={500} weight="semibold">
          {c.Name}
        </Text>
        {FIELDS.map(([field, label]) =>
          access.canEdit ? (
            <AutosaveRichTextField
              key={field}
              label={label}
              value={c[field] ?? ''}
              version={version}
              fromRecord={(r: ClientRecord | undefined) => r?.[field] ?? ''}
              onSave={(value, ctx) => save.mutateAsync({ field, value, ...ctx })}
            />
          ) : (
            <div key={field} className={s.section} role="group" aria-label={label}>
              <Text weight="semibold">{label}</Text>
              <RichTextView value={c[field]} emptyText="—" />
            </div>
          ),
        )}
      </div>
    </section>
  );
}
