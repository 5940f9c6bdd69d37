import { Button } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { PROBLEM_LEVEL } from '@domain/constants';
import type { SupervisionColumnKey } from '@domain/rules/grid-columns';
import { StatusDot, type PortalColumn } from '@web/ui';
import { getHost } from '@web/host';
import type { SupervisionGridRow } from './api/supervision';
import type { FilterKey, SupervisionFilterState } from './filters';

type Col = PortalColumn<SupervisionGridRow>;
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const levelOf = (n: number | null | undefined) => PROBLEM_LEVEL[n ?? 0] ?? PROBLEM_LEVEL[0]!;

/** A coloured dot of a problem level or environment status (002 §4: grey when not submitted / none). */
function dot(n: number | null | undefined) {
  const l = levelOf(n);
  return <StatusDot colour={l.colour} label={l.label} />;
}

/** The columns a supervision screen may show (002 §2.9): the domain's keys, which the server checks a choice against. */
export type { SupervisionColumnKey };

/**
 * The supervision grids' columns (spec 002 §2.9), each with its title, a width (shrunk in proportion on narrow
 * screens) and, where the server filters on it, its header filter. `pick` lists a screen's columns in its order.
 */
export function supervisionColumns(f: SupervisionFilterState) {
  const filtered = (key: FilterKey) => ({ serverFilter: f.serverFilter(key) });
  const all = {
    projectCode: { key: 'projectCode', width: 130, title: 'Project Code' },
    projectName: { key: 'projectName', width: 210, title: 'Project Name' },
    clientName: { key: 'clientName', width: 170, title: 'Client' },
    statusName: { key: 'statusName', width: 120, title: 'Project Status', ...filtered('status') },
    practiceName: { key: 'practiceName', width: 140, title: 'Practice' },
    businessUnitName: { key: 'businessUnitName', width: 140, title: 'Business Unit' },
    coManagementName: { key: 'coManagementName', width: 150, title: 'Co-management' },
    priority: {
      key: 'priority',
      width: 100,
      title: 'Priority',
      value: (r) => yesNo(r.priority),
      ...filtered('priority'),
    },
    internal: {
      key: 'internal',
      width: 100,
      title: 'Internal',
      value: (r) => yesNo(r.internal),
      ...filtered('internal'),
    },
    duringTypeName: { key: 'duringTypeName', width: 120, title: 'During Type', ...filtered('duringType') },
    onePageSubmitted: {
      key: 'onePageSubmitted',
      width: 130,
      title: 'OP Submitted?',
      value: (r) => yesNo(r.onePageSubmitted),
      ...filtered('onePageSubmitted'),
    },
    onePageProblemLevel: {
      key: 'onePageProblemLevel',
      width: 110,
      title: 'OP Status',
      value: (r) => levelOf(r.onePageProblemLevel).label,
      render: (r) => dot(r.onePageProblemLevel),
      ...filtered('problemLevel'),
    },
    environmentStatus: {
      key: 'environmentStatus',
      width: 140,
      title: 'Environment',
      value: (r) => levelOf(r.environmentStatus).label,
      render: (r) => dot(r.environmentStatus),
      ...filtered('environmentStatus'),
    },
    hasAllocation: {
      key: 'hasAllocation',
      width: 130,
      title: 'Has Allocation',
      value: (r) => yesNo(r.hasAllocation),
      ...filtered('hasAllocation'),
    },
    hasGovernanceAction: {
      key: 'hasGovernanceAction',
      width: 150,
      title: 'Has Governance Action',
      value: (r) => yesNo(r.hasGovernanceAction),
      ...filtered('hasGovernanceAction'),
    },
    allocationStatusName: {
      key: 'allocationStatusName',
      width: 170,
      title: 'Allocation Status',
      ...filtered('allocationStatus'),
    },
    pdcPriority: {
      key: 'pdcPriority',
      width: 120,
      title: 'PDC Priority',
      value: (r) => yesNo(r.pdcPriority),
      ...filtered('pdcPriority'),
    },
  } satisfies Record<SupervisionColumnKey, Col>;
  return (
    keys: readonly SupervisionColumnKey[],
    over: Partial<Record<SupervisionColumnKey, Partial<Col>>> = {},
  ): Col[] => keys.map((k) => ({ ...all[k], ...over[k] }) as Col);
}

/** Open Project: the project's page in a new window, through the host (002 §2.9). */
export function OpenProjectButton({ row, path }: { row: SupervisionGridRow; path: string }) {
  return (
    <Button
      size="small"
      appearance="subtle"
      icon={<OpenRegular />}
      aria-label={`Open Project ${row.projectCode}`}
      title="Open Project"
      onClick={() => getHost().openLink(path)}
    />
  );
}
