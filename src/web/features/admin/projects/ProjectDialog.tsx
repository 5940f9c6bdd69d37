import { useMemo, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ProjectDetail } from '@domain/contract';
import { ADMIN_SETTABLE_STATUSES } from '@domain/rules';
import { PROJECT_STATUS } from '@domain/constants';
import { ApiError } from '@web/api/client';
import {
  offered,
  useComanagements,
  useDuringTypes,
  useGeographics,
  useGeographicScopes,
  useMethodologies,
  useOffices,
  usePractices,
  useProfessionals,
} from '@web/api/master';
import { ModalDialog } from '@web/ui/dialog';
import {
  FormCombobox,
  FormMultiSelect,
  FormSelect,
  FormSwitch,
  FormText,
  useZodForm,
  type FormOption,
} from '@web/ui/form';
import { failureMessage } from '@web/ui/dialog/failure';
import { useNotify } from '@web/ui/toast';
import { useClients } from './api/clients';
import { useToolkits } from './api/toolkits';
import { useCreateProject, usePatchProject } from './api/project-write';
import { bodyOf, changedFields, formValuesOf, ProjectForm, type ProjectFormValues } from './form';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
  },
});

/** The options of a master list: its active items and those the project holds (a deactivated item is not offered). */
const opts = (
  list: { ID: number; Name: string; IsActive?: boolean }[] | undefined,
  held: readonly (number | null | undefined)[] = [],
): FormOption[] => offered(list, held).map((x) => ({ value: x.ID, label: x.Name }));

/** The message shown when someone else saved the project first (412). */
export const CONFLICT_MESSAGE =
  'Someone else changed this project meanwhile. The form now shows the saved values: make your changes again.';

/**
 * 'Edit Project' / 'New Project' (spec 002 §2.8): every field the dialog lists, on the form kit (react-hook-form +
 * zod over the contract's fields). Edit sends only the changed fields with If-Match; a 412 reloads the values.
 */
export function ProjectDialog({
  project,
  toolkitIds,
  onClose,
}: {
  /** The project being edited (with its toolkits); undefined for a new project. */
  project?: ProjectDetail;
  toolkitIds?: number[];
  onClose: () => void;
}) {
  const s = useStyles();
  const notify = useNotify();
  const [loaded, setLoaded] = useState(() => ({ project, values: formValuesOf(project, toolkitIds) }));
  const form = useZodForm(ProjectForm, loaded.values);
  const [failure, setFailure] = useState<string | null>(null);
  const patch = usePatchProject();
  const create = useCreateProject();

  const clients = useClients();
  const professionals = useProfessionals();
  const toolkits = useToolkits();
  const held = loaded.values;
  const lists = {
    comanagements: opts(useComanagements().data, [...held.coManagements, held.idSupportComanagement]),
    geographics: opts(useGeographics().data, held.geographics),
    geographicScopes: opts(useGeographicScopes().data, held.geographicScopes),
    offices: opts(useOffices().data, held.offices),
    practices: opts(usePractices().data, held.practices),
    methodologies: opts(useMethodologies().data, held.methodologies),
  };
  const duringTypes = useDuringTypes().data ?? [];
  const onTeam = useMemo(
    () => new Set((loaded.project?.projectTeam ?? []).map((t) => t.idProfessional)),
    [loaded.project],
  );
  // active professionals, and those already on the team (an inactive newcomer is refused, 400)
  const people: FormOption[] = (professionals.data ?? [])
    .filter((p) => p.isActive !== false || onTeam.has(p.ID))
    .map((p) => ({ value: p.ID, label: p.Name }));
  const toolkitOptions: FormOption[] = (toolkits.data ?? [])
    .filter((t) => t.IsActive || loaded.values.toolkits.includes(t.ID))
    .map((t) => ({ value: t.ID, label: t.Name }));
  const clientOptions: FormOption[] = (clients.data ?? [])
    .filter((c) => c.isActive !== false || c.id === loaded.values.idClient)
    .map((c) => ({ value: c.id, label: c.name }));
  // an administrator sets Setup…Paused (000 §4.3); a new project may start in any status, Draft by default
  const statusIds = loaded.project
    ? [...new Set([loaded.project.idStatus, ...ADMIN_SETTABLE_STATUSES])].sort()
    : Object.keys(PROJECT_STATUS).map(Number);
  const statusOptions = statusIds.map((id) => ({ value: id, label: PROJECT_STATUS[id]!.adminLabel }));

  const submit = form.handleSubmit(async (parsed) => {
    setFailure(null);
    const edited = { ...form.getValues(), ...parsed } as ProjectFormValues;
    try {
      if (!loaded.project) {
        await create.mutateAsync(bodyOf(edited));
        onClose();
        return;
      }
      const body = changedFields(loaded.values, edited);
      if (Object.keys(body).length === 0) return onClose();
      await patch.mutateAsync({ id: loaded.project.id, body, version: loaded.project.version });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.isConflict && e.current) {
        const current = e.current as ProjectDetail;
        const values = formValuesOf(current, loaded.values.toolkits);
        setLoaded({ project: current, values });
        form.reset(values);
        notify.error(CONFLICT_MESSAGE);
        setFailure(CONFLICT_MESSAGE);
        return;
      }
      setFailure(failureMessage(e));
    }
  });

  const c = form.control;
  return (
    <ModalDialog
      title={loaded.project ? 'Edit Project' : 'New Project'}
      width="large"
      closeLabel="Close"
      primaryLabel="Save"
      busy={form.formState.isSubmitting}
      error={failure}
      onClose={onClose}
      onSubmit={submit}
      contentClassName={s.grid}
    >
      <FormText control={c} name="code" label="Project Code" required />
      <FormText control={c} name="name" label="Project Name" required />
      <FormCombobox control={c} name="idClient" label="Client" options={clientOptions} required />
      <FormSelect
        control={c}
        name="idSupportComanagement"
        label="Support Co-management"
        options={lists.comanagements}
      />
      <FormMultiSelect control={c} name="geographics" label="Geographic" options={lists.geographics} />
      <FormMultiSelect
        control={c}
        name="geographicScopes"
        label="Geographic Scope"
        options={lists.geographicScopes}
      />
      <FormMultiSelect control={c} name="offices" label="Office" options={lists.offices} />
      <FormMultiSelect control={c} name="coManagements" label="Co-management" options={lists.comanagements} />
      <FormMultiSelect control={c} name="practices" label="Practice" options={lists.practices} />
      <FormMultiSelect control={c} name="methodologies" label="Methodology" options={lists.methodologies} />
      <FormMultiSelect control={c} name="toolkits" label="Toolkit" options={toolkitOptions} />
      <FormMultiSelect control={c} name="partners" label="Partner / Responsible" options={people} />
      <FormCombobox control={c} name="manager" label="Project Leader" options={people} />
      <FormMultiSelect control={c} name="members" label="Members" options={people} />
      <FormSelect control={c} name="idStatus" label="Project Status" options={statusOptions} required />
      <FormSelect
        control={c}
        name="idDuringType"
        label="During Type"
        options={duringTypes.map((d) => ({ value: d.id, label: d.name }))}
      />
      <FormSwitch control={c} name="sendNotification" label="Send Notifications" />
    </ModalDialog>
  );
}
