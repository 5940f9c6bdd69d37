import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Combobox,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ProjectListItem } from '@domain/contract';
import { paths } from '@web/app/navigation';
import { getHost, type TabSettings } from '@web/host';
import { ErrorState, LoadingState, ProjectStatusIcon } from '@web/ui';
import { searchProjects, usePickableProjects } from './api/pickable-projects';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingVerticalXXL,
    maxWidth: '640px',
  },
  option: { display: 'flex', flexDirection: 'column' },
  chosen: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** What the channel tab saves for a project: it opens straight into the project's home. */
export function tabSettingsFor(project: Pick<ProjectListItem, 'id' | 'code'>, origin: string): TabSettings {
  const home = `${origin}${paths.project.home(project.id)}`;
  return {
    entityId: `project-${project.id}`,
    contentUrl: `${home}?inTeams=1`,
    websiteUrl: home,
    suggestedDisplayName: project.code,
  };
}

/**
 * The Teams channel tab's configuration page (`/teams/config`): search and pick one of the projects the user
 * may see; Save (Teams' button) stores entity id, content URL `/project/{id}/home`, website URL and the
 * project code as the tab's name. Added to a meeting, the same settings pin the project to the meeting: its
 * chat and details tabs open the project, its side panel and stage the project's open session (the app
 * chooses by Teams' frame context).
 */
export default function TeamsConfigPage() {
  const s = useStyles();
  const host = getHost();
  const { data, isLoading, error, refetch } = usePickableProjects();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<ProjectListItem | undefined>();
  const pickedRef = useRef<ProjectListItem | undefined>(undefined);
  pickedRef.current = picked;
  const matches = useMemo(() => searchProjects(data ?? [], text), [data, text]);
  const where = host.tabConfig?.inMeeting ? 'meeting' : 'channel';

  useEffect(() => {
    host.notifyReady();
    host.tabConfig?.onSave(() =>
      pickedRef.current ? tabSettingsFor(pickedRef.current, window.location.origin) : undefined,
    );
  }, [host]);
  useEffect(() => host.tabConfig?.setValid(Boolean(picked)), [host, picked]);
  // reconfiguring a pinned tab: start from its project
  const current = host.tabConfig?.currentProjectId;
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !data || !current) return;
    preselected.current = true;
    const p = data.find((x) => x.id === current);
    if (p) {
      setPicked(p);
      setText(`${p.code} — ${p.name}`);
    }
  }, [data, current]);

  if (isLoading) return <LoadingState />;
  if (error) return <ErrorState message={(error as Error).message} onRetry={() => void refetch()} />;
  return (
    <main className={s.root}>
      <Text as="h1" size={600} weight="semibold">
        Pin a project to this {where}
      </Text>
      <Text>
        {where === 'meeting'
          ? "The meeting's tab opens straight into the project you pick, and its side panel into the project's open session, which you can share to the stage."
          : 'The tab opens straight into the project you pick.'}{' '}
        Only projects you can see in the portal are listed.
      </Text>
      {host.tabConfig ? null : (
        <MessageBar intent="info">
          <MessageBarBody>
            This page sets up a Project Portal tab in Microsoft Teams. In Teams, add a tab to a channel and
            choose Project Portal.
          </MessageBarBody>
        </MessageBar>
      )}
      <Field
        label="Project"
        hint={
          matches.length === 50
            ? 'Showing the first 50 matches: type more of the code, name or client.'
            : 'Search by code, name or client.'
        }
      >
        <Combobox
          freeform
          placeholder="Digite aqui para buscar"
          value={text}
          open={open}
          onOpenChange={(_, d) => setOpen(d.open)}
          selectedOptions={picked ? [String(picked.id)] : []}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            if (picked) setPicked(undefined);
          }}
          onOptionSelect={(_, d) => {
            const p = (data ?? []).find((x) => String(x.id) === d.optionValue);
            setPicked(p);
            setText(p ? `${p.code} — ${p.name}` : '');
          }}
        >
          {matches.length === 0 ? (
            <Option key="none" value="" disabled text="No projects match">
              No projects match
            </Option>
          ) : (
            matches.map((p) => (
              <Option key={p.id} value={String(p.id)} text={`${p.code} — ${p.name}`}>
                <span className={s.option}>
                  <span>
                    <strong>{p.code}</strong> — {p.name}
                  </span>
                  <Text size={200}>{p.client?.name ?? 'No client'}</Text>
                </span>
              </Option>
            ))
          )}
        </Combobox>
      </Field>
      {picked ? (
        <section className={s.chosen} aria-label="Selected project">
          <Text weight="semibold">
            {picked.code} — {picked.name}
          </Text>
          <Text size={200}>{picked.client?.name ?? 'No client'}</Text>
          <ProjectStatusIcon idStatus={picked.idStatus} />
          <Text size={200}>
            {host.tabConfig
              ? `Select Save to pin it to this ${where}.`
              : `The tab would open ${tabSettingsFor(picked, window.location.origin).websiteUrl}`}
          </Text>
        </section>
      ) : null}
    </main>
  );
}
