import { useMemo, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  EditRegular,
  FlagCheckeredRegular,
  PlayCircleRegular,
  WrenchRegular,
} from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import type { ProjectListItem } from '@domain/contract';
import { ADMIN_SCREEN_SCOPES, hasAnyScope } from '@domain/rules';
import { useGeographicScopes } from '@web/api/master';
import { projectQueryOptions } from '@web/api/project';
import { useProjects } from '@web/api/projects';
import { useSession } from '@web/api/session-context';
import { paths } from '@web/app/navigation';
import { ErrorState, PortalDataGrid, type PortalColumn } from '@web/ui';
import { useQuery } from '@tanstack/react-query';
import { AdminScreen } from '../AdminScreen';
import { useProjectScopes } from './api/project-scopes';
import { useProjectToolkits } from './api/toolkits';
import { ProjectDialog } from './ProjectDialog';
import { Hint } from '@web/ui/Hint';

const useStyles = makeStyles({
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  toolbar: { display: 'flex', justifyContent: 'flex-end', marginBottom: tokens.spacingVerticalM },
});

/** The STATUS icon of §2.8: idStatus 2 Setup, 3 During, otherwise Closure (with its text for screen readers). */
export function phaseOf(idStatus: number): 'Setup' | 'During' | 'Closure' {
  return idStatus === 2 ? 'Setup' : idStatus === 3 ? 'During' : 'Closure';
}
const PHASE_ICON = { Setup: WrenchRegular, During: PlayCircleRegular, Closure: FlagCheckeredRegular };

interface AdminRow extends ProjectListItem {
  scopeName: string;
}

/** Opens the edit dialog once the project and its toolkits are loaded. */
function EditProject({ id, onClose }: { id: number; onClose: () => void }) {
  const project = useQuery(projectQueryOptions(id));
  const toolkits = useProjectToolkits(id);
  if (project.isError || toolkits.isError) return <ErrorState message="Something went wrong..." />;
  if (!project.data || !toolkits.data) return null;
  return (
    <ProjectDialog
      project={project.data}
      toolkitIds={toolkits.data.map((t) => t.idToolkit)}
      onClose={onClose}
    />
  );
}

/**
 * Admin Projects (spec 002 §2.8): the project list's admin variant — PROJECT CODE, STATUS, SCOPE,
 * CLIENT and an edit action; a row opens the project's home. 'Edit Project' saves every field; 'New Project'
 * creates one. The original's three placeholder pillar texts are left out.
 */
export default function AdminProjectsPage() {
  const s = useStyles();
  const navigate = useNavigate();
  const { user } = useSession();
  const mayAdminister = hasAnyScope(user, ADMIN_SCREEN_SCOPES.projectAdmin);
  const projects = useProjects();
  const scopes = useProjectScopes({ enabled: mayAdminister });
  const scopeNames = useGeographicScopes();
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const rows = useMemo<AdminRow[] | undefined>(() => {
    if (!projects.data) return undefined;
    const scopeOf = new Map((scopes.data ?? []).map((r) => [r.id, r.idGeographicScope]));
    const nameOf = new Map((scopeNames.data ?? []).map((x) => [x.ID, x.Name]));
    return projects.data.map((p) => {
      const scope = scopeOf.get(p.id);
      return { ...p, scopeName: scope === undefined ? '' : (nameOf.get(scope) ?? '') };
    });
  }, [projects.data, scopes.data, scopeNames.data]);

  const columns: PortalColumn<AdminRow>[] = [
    { key: 'code', title: 'PROJECT CODE', value: (r) => r.code },
    {
      key: 'status',
      title: 'STATUS',
      value: (r) => phaseOf(r.idStatus),
      filterable: true,
      render: (r) => {
        const phase = phaseOf(r.idStatus);
        const Icon = PHASE_ICON[phase];
        return (
          <Hint content={phase} relationship="description">
            <span className={s.status}>
              <Icon aria-hidden />
              <Text size={200}>{phase}</Text>
            </span>
          </Hint>
        );
      },
    },
    { key: 'scope', title: 'SCOPE', value: (r) => r.scopeName, filterable: true },
    { key: 'client', title: 'CLIENT', value: (r) => r.client?.name ?? '', filterable: true },
    {
      key: 'edit',
      title: '',
      searchable: false,
      sortable: false,
      stopRowClick: true,
      width: 56,
      render: (r) =>
        mayAdminister ? (
          <Button
            appearance="subtle"
            icon={<EditRegular />}
            aria-label={`Edit ${r.code}`}
            onClick={() => setEditing(r.id)}
          />
        ) : null,
    },
  ];

  if (projects.isError) return <ErrorState message="Failed to fetch projects." />;
  return (
    <AdminScreen title="Projects">
      {mayAdminister && (
        <div className={s.toolbar}>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
            New Project
          </Button>
        </div>
      )}
      <PortalDataGrid
        ariaLabel="Projects"
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={projects.isLoading}
        search
        searchPlaceholder="Search"
        virtualized
        defaultSort={{ key: 'code', direction: 'asc' }}
        onRowClick={(r) => void navigate(paths.project.home(r.id))}
      />
      {editing === 'new' && <ProjectDialog onClose={() => setEditing(null)} />}
      {typeof editing === 'number' && <EditProject id={editing} onClose={() => setEditing(null)} />}
    </AdminScreen>
  );
}
