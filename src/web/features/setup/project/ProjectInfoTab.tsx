import type { ReactNode } from 'react';
import { Dropdown, Field, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ProjectDetail, ProjectMetadataPut, ProjectPatch } from '@domain/contract';
import type { ProjectSetupField } from '@domain/rules';
import {
  useComanagements,
  useDuringTypes,
  useGeographicScopes,
  useGeographics,
  useMethodologies,
  useOffices,
  usePractices,
  type MasterItem,
} from '@web/api/master';
import { AutosaveTextField, useRecordVersion, type RecordVersion, type SaveContext } from '@web/ui/autosave';
import { formatDate } from '@web/ui/dates';
import { useNotifyingMutation } from '@web/ui/mutation';
import { PersonAvatar } from '@web/ui/PersonAvatar';
import { getHost } from '@web/host';
import { usePatchProject, usePutProjectMetadata } from './api/project-info';
import { TeamAvatars } from './TeamAvatars';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  scope: { whiteSpace: 'pre-wrap' },
});

const DATE = 'dd MMM yyyy' as const;

function Item({ label, children }: { label: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.item} role="group" aria-label={label}>
      <Text size={200} className={s.label}>
        {label}
      </Text>
      {children}
    </div>
  );
}

type MetaField = keyof ProjectMetadataPut & ProjectSetupField;

/**
 * One metadata selection (001 §2 Project Info; §7 PUT …/metadata): shows the project's current names and
 * saves one id per choice. Disabled for whoever may not change the field (001 §6).
 */
function MetadataDropdown({
  field,
  label,
  items,
  selected,
  disabled,
  clearable,
  onSave,
}: {
  field: MetaField;
  label: string;
  items: { id: number; name: string }[];
  selected: number[];
  disabled: boolean;
  clearable?: boolean;
  onSave: (body: ProjectMetadataPut) => void;
}) {
  const names = selected.map((id) => items.find((i) => i.id === id)?.name ?? String(id));
  return (
    <Field label={label}>
      <Dropdown
        value={names.join(', ')}
        placeholder={disabled ? '—' : `Select ${label.toLowerCase()}`}
        selectedOptions={selected.map(String)}
        disabled={disabled}
        onOptionSelect={(_, d) => {
          const id = d.optionValue === '' || d.optionValue === undefined ? null : Number(d.optionValue);
          if (id === null && !clearable) return;
          if (id !== null && selected.length === 1 && selected[0] === id) return;
          onSave({ [field]: id } as ProjectMetadataPut);
        }}
      >
        {clearable ? <Option value="">None</Option> : null}
        {items.map((i) => (
          <Option key={i.id} value={String(i.id)}>
            {i.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/** A master list's items, each marked active or not (a deactivated item is offered only where it is held). */
const fromMaster = (list: MasterItem[] | undefined) =>
  (list ?? []).map((m) => ({ id: m.ID, name: m.Name, active: m.IsActive !== false }));

/**
 * Setup › Project › Project Info (001 §2): the overview with its editable parts — the title (Admin), sales
 * context and why the client needs help (free text, autosaved 3 s / on blur), and the metadata selections
 * (one PUT each with the project's version; "Saved" / "Something went wrong").
 */
export function ProjectInfoTab({
  project: p,
  canEditField,
}: {
  project: ProjectDetail;
  canEditField: (field: ProjectSetupField) => boolean;
}) {
  const s = useStyles();
  const version = useRecordVersion(p.version);
  const patch = usePatchProject(p.id);
  const put = usePutProjectMetadata(p.id);
  const geographics = useGeographics();
  const scopes = useGeographicScopes();
  const offices = useOffices();
  const practices = usePractices();
  const methodologies = useMethodologies();
  const comanagements = useComanagements();
  const duringTypes = useDuringTypes();

  const saveText = (body: ProjectPatch, ctx: SaveContext) => patch.mutateAsync({ body, ...ctx });
  const saveMeta = useNotifyingMutation({
    mutationFn: (body: ProjectMetadataPut) => putInOrder(version, body, put.mutateAsync),
    success: 'Saved',
    error: 'Something went wrong',
  });
  const meta = (
    field: MetaField,
    label: string,
    items: { id: number; name: string; active?: boolean }[],
    selected: (number | null | undefined)[],
    clearable = false,
  ) => (
    <MetadataDropdown
      field={field}
      label={label}
      items={items.filter((i) => i.active !== false || selected.includes(i.id))}
      selected={selected.filter((x): x is number => typeof x === 'number')}
      disabled={!canEditField(field) || saveMeta.isPending}
      clearable={clearable}
      onSave={(body) => saveMeta.mutate(body)}
    />
  );
  const person = (label: string, who: ProjectDetail['projectManager']) => (
    <Item label={label}>
      {who ? (
        <span className={s.person}>
          <PersonAvatar
            person={who}
            size={28}
            onClick={who.email ? () => getHost().openChat(who.email!) : undefined}
          />
          <Text weight="semibold">{who.name}</Text>
        </span>
      ) : (
        <Text>—</Text>
      )}
    </Item>
  );
  const setup = p.projectSession?.find((x) => x.isSetup);
  const textField = (field: 'whatSalesContext' | 'whyClientNeedHelp', label: string) => (
    <AutosaveTextField
      label={label}
      multiline
      rows={5}
      value={p[field] ?? ''}
      version={version}
      readOnly={!canEditField(field)}
      fromRecord={(r: ProjectDetail | undefined) => r?.[field] ?? ''}
      onSave={(value, ctx) => saveText({ [field]: value } as ProjectPatch, ctx)}
    />
  );

  return (
    <div className={s.root}>
      <AutosaveTextField
        label="Project Name"
        value={p.name}
        version={version}
        readOnly={!canEditField('name')}
        maxLength={300}
        fromRecord={(r: ProjectDetail | undefined) => r?.name ?? ''}
        onSave={(name, ctx) => saveText({ name }, ctx)}
      />
      <div className={s.grid}>
        <Item label="Code">
          <Text weight="semibold">{p.code}</Text>
        </Item>
        <Item label="Client">
          <Text weight="semibold">{p.client?.name ?? '—'}</Text>
        </Item>
        <Item label="Team">
          <TeamAvatars team={p.projectTeam} />
        </Item>
        {person('Project Manager', p.projectManager)}
        {person('Responsible Partner', p.projectPartner)}
        <Item label="Created At">
          <Text>{formatDate(p.createdAt, DATE) || '—'}</Text>
        </Item>
        <Item label="Updated At">
          <Text>{formatDate(p.updatedAt, DATE) || '—'}</Text>
        </Item>
        <Item label="End Date">
          <Text>{formatDate(p.endDate, DATE) || '—'}</Text>
        </Item>
      </div>
      <div className={s.grid}>
        {meta(
          'idGeography',
          'Project Geographics',
          fromMaster(geographics.data),
          p.projectGeographics.map((g) => g.idGeographic),
        )}
        {meta(
          'idGeographicScope',
          'Geographic Scope',
          fromMaster(scopes.data),
          (p.projectGeographicScopes ?? []).map((g) => g.idGeographicScope),
        )}
        {meta(
          'idOffice',
          'Offices',
          fromMaster(offices.data),
          (p.projectOffices ?? []).map((o) => o.idOffice),
        )}
        {meta(
          'idPractice',
          'Practices',
          fromMaster(practices.data),
          p.projectPractices.map((x) => x.idPractice),
        )}
        {meta(
          'idMethodology',
          'Methodologies',
          fromMaster(methodologies.data),
          (p.projectMethodologies ?? []).map((m) => m.idMethodology),
        )}
      </div>
      <Item label="Project Scope">
        <Text className={s.scope}>{setup?.projectScope || '—'}</Text>
      </Item>
      {textField('whatSalesContext', 'Sales Context')}
      {textField('whyClientNeedHelp', 'Why the Client Need Help')}
      <div className={s.grid}>
        {meta(
          'idDuringType',
          'During Type',
          (duringTypes.data ?? []).map((d) => ({ id: d.id, name: d.name })),
          [p.idDuringType],
        )}
        {meta(
          'idCoMgt',
          'Co-management',
          fromMaster(comanagements.data),
          (p.projectCoManagements ?? []).map((c) => c.idCoManagement),
        )}
        {meta(
          'idSupportCoMgt',
          'Support co-management',
          fromMaster(comanagements.data),
          [p.idSupportComanagement],
          true,
        )}
      </div>
    </div>
  );
}

/** One metadata save after the record's pending saves, with its version as If-Match; the answer's version is next. */
async function putInOrder(
  version: RecordVersion,
  body: ProjectMetadataPut,
  send: (v: { body: ProjectMetadataPut; version: number | null | undefined }) => Promise<ProjectDetail>,
) {
  return version.serial(async () => {
    const answer = await send({ body, version: version.current });
    version.current = answer.version;
    return answer;
  });
}
