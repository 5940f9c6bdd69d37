import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { StakeholderBody, type StakeholderRecord } from '@domain/contract';
import { STAKEHOLDER_STATUS } from '@domain/constants';
import { useLanguages, usePositions } from '@web/api/master';
import { useSetupAccess } from '@web/api/setup-access';
import { LoadingState, PageHeading, formatDate } from '@web/ui';
import { RecordStatusDot, RecordsGrid, statusOptions } from '../project/records/RecordsGrid';
import { ImportStakeholdersDialog, STAKEHOLDER_LABELS } from './ImportStakeholdersDialog';

/** The options of a master list by name (stored as text), with the row's own value kept when not listed. */
const byName = (list: { Name: string }[] | undefined) =>
  (list ?? []).map((x) => ({ value: x.Name, label: x.Name }));

/**
 * Setup › Stakeholders `/project/{id}/setup/stakeholders` (001 §2): name, responsible professional (the
 * team), position (the 45 positions), birthday (dd MMM yyyy), language, status dot (Green, Yellow, Red,
 * Blue, Gray), action plan; 8 per page; popup edit; "Import from Client Past Projects" (001 §6: those who
 * may edit setup data).
 */
export default function StakeholdersPage() {
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const positions = usePositions();
  const languages = useLanguages();
  const [importing, setImporting] = useState(false);
  const sessionId = access.setupSessionId;
  if (access.isLoading) return <LoadingState />;

  const team = access.project?.projectTeam ?? [];
  const teamOptions = team.map((m) => ({ value: m.idProfessional, label: m.professional.name }));
  const nameOf = (id: number | null) => team.find((m) => m.idProfessional === id)?.professional.name ?? '';
  const canEdit = access.canEdit && !!sessionId;
  const statusLabel = (n: number | null) =>
    n == null
      ? ''
      : ((STAKEHOLDER_LABELS as Record<number, string>)[n] ?? STAKEHOLDER_STATUS[n]?.label ?? '');

  return (
    <section>
      <PageHeading banner="SETUP" title="Stakeholders" />
      <RecordsGrid
        kind="stakeholders"
        projectId={projectId}
        sessionId={sessionId}
        canEdit={canEdit}
        title="Stakeholders"
        addLabel="Add stakeholder"
        emptyText="No stakeholders yet"
        deleteConfirmText="Are you sure you want to delete this stakeholder?"
        schema={StakeholderBody}
        newRow={{ name: '', idProfessionalResponsible: null, currentStatus: 1 } as Partial<StakeholderRecord>}
        toolbar={
          canEdit ? (
            <Button icon={<ArrowDownloadRegular />} onClick={() => setImporting(true)}>
              Import from Client Past Projects
            </Button>
          ) : null
        }
        columns={[
          { key: 'name', title: 'Name' },
          {
            key: 'idProfessionalResponsible',
            title: 'Responsible professional',
            value: (r) => nameOf(r.idProfessionalResponsible),
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
            value: (r) => statusLabel(r.currentStatus),
            sortValue: (r) => r.currentStatus ?? 0,
            render: (r) => <RecordStatusDot status={r.currentStatus} labels={STAKEHOLDER_LABELS} />,
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
            options: teamOptions,
          },
          { key: 'position', label: 'Position', type: 'combobox', options: byName(positions.data) },
          { key: 'birthday', label: 'Birthday', type: 'date' },
          { key: 'language', label: 'Language', type: 'select', options: byName(languages.data) },
          {
            key: 'currentStatus',
            label: 'Status',
            type: 'select',
            options: statusOptions(STAKEHOLDER_LABELS),
          },
          { key: 'actionPlan', label: 'Action plan', type: 'textarea' },
        ]}
      />
      {importing && sessionId ? (
        <ImportStakeholdersDialog
          projectId={projectId}
          sessionId={sessionId}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </section>
  );
}
