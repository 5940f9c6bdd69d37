import type { ReactNode } from 'react';
import {
  RoleAndResponsibility,
  StakeholderBody,
  type RoleAndResponsibilityRecord,
  type StakeholderRecord,
} from '@domain/contract';
import { useLanguages, usePositions } from '@web/api/master';
import { formatDate } from '../dates';
import {
  RecordStatusDot,
  RecordsGrid,
  statusLabel,
  statusOptions,
  type SessionGridProps,
} from './RecordsGrid';

/** A team member as the grids read it: the professional's id and name (001 §6: lookups are the team's). */
export interface TeamPerson {
  idProfessional: number;
  professional: { name: string };
}

const teamOptions = (team: readonly TeamPerson[]) =>
  team.map((m) => ({ value: m.idProfessional, label: m.professional.name }));
const nameIn = (team: readonly TeamPerson[], id: number | null) =>
  team.find((m) => m.idProfessional === id)?.professional.name ?? '';
/** The options of a master list by name (stored as text). */
const byName = (list: { Name: string }[] | undefined) =>
  (list ?? []).map((x) => ({ value: x.Name, label: x.Name }));

/**
 * A session's stakeholders (001 §2): name, responsible professional (the team), position (the 45 positions),
 * birthday (dd MMM yyyy), language, status dot, action plan; 8 per page; popup form. The status labels are
 * Green, Yellow, Red, Blue, Legacy (the Project Session dialog); the Setup page passes Gray for 5.
 */
export function StakeholdersGrid({
  team,
  statusLabels = {},
  toolbar,
  ...props
}: SessionGridProps & {
  team: readonly TeamPerson[];
  statusLabels?: Record<number, string>;
  toolbar?: ReactNode;
}) {
  const positions = usePositions();
  const languages = useLanguages();
  return (
    <RecordsGrid
      kind="stakeholders"
      {...props}
      title="Stakeholders"
      addLabel="Add stakeholder"
      emptyText="No stakeholders yet"
      deleteConfirmText="Are you sure you want to delete this stakeholder?"
      schema={StakeholderBody}
      newRow={{ name: '', idProfessionalResponsible: null, currentStatus: 1 } as Partial<StakeholderRecord>}
      toolbar={toolbar}
      columns={[
        { key: 'name', title: 'Name' },
        {
          key: 'idProfessionalResponsible',
          title: 'Responsible professional',
          value: (r) => nameIn(team, r.idProfessionalResponsible),
        },
        { key: 'position', title: 'Position' },
        {
          key: 'birthday',
          title: 'Birthday',
          value: (r) => formatDate(r.birthday, 'dd MMM yyyy'),
          sortValue: (r) => r.birthday ?? '',
        },
        { key: 'language', title: 'Language' },
        {
          key: 'currentStatus',
          title: 'Status',
          width: 90,
          value: (r) => statusLabel(r.currentStatus, statusLabels),
          sortValue: (r) => r.currentStatus ?? 0,
          render: (r) => <RecordStatusDot status={r.currentStatus} labels={statusLabels} />,
        },
        { key: 'actionPlan', title: 'Action plan' },
      ]}
      fields={[
        // labelled so that an empty name reads the spec's "Stakeholder name is required" (001 §5)
        { key: 'name', label: 'Stakeholder name', type: 'text', required: true },
        {
          key: 'idProfessionalResponsible',
          label: 'Responsible professional',
          type: 'select',
          options: teamOptions(team),
        },
        { key: 'position', label: 'Position', type: 'combobox', options: byName(positions.data) },
        { key: 'birthday', label: 'Birthday', type: 'date' },
        { key: 'language', label: 'Language', type: 'select', options: byName(languages.data) },
        { key: 'currentStatus', label: 'Status', type: 'select', options: statusOptions(statusLabels) },
        { key: 'actionPlan', label: 'Action plan', type: 'textarea' },
      ]}
    />
  );
}

/**
 * A session's Roles and Responsibilities (001 §2, §3): Professional (the team), Support Point, Technical
 * Role, Non-Technical Role; 8 per page; popup edit.
 */
export function RolesGrid({ team, ...props }: SessionGridProps & { team: readonly TeamPerson[] }) {
  return (
    <RecordsGrid
      kind="rar"
      {...props}
      title="Roles and Responsibilities"
      addLabel="Add role"
      emptyText="No roles and responsibilities yet"
      deleteConfirmText="Are you sure you want to delete these roles and responsibilities?"
      schema={RoleAndResponsibility}
      newRow={{ idProfessional: null } as Partial<RoleAndResponsibilityRecord>}
      columns={[
        { key: 'idProfessional', title: 'Professional', value: (r) => nameIn(team, r.idProfessional) },
        { key: 'rarSupportingPoint', title: 'Support Point' },
        { key: 'rarTechnicalRole', title: 'Technical Role' },
        { key: 'rarNonTechnicalRole', title: 'Non-Technical Role' },
      ]}
      fields={[
        { key: 'idProfessional', label: 'Professional', type: 'select', options: teamOptions(team) },
        { key: 'rarSupportingPoint', label: 'Support Point', type: 'textarea' },
        { key: 'rarTechnicalRole', label: 'Technical Role', type: 'textarea' },
        { key: 'rarNonTechnicalRole', label: 'Non-Technical Role', type: 'textarea' },
      ]}
    />
  );
}
