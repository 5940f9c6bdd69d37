import { useNavigate } from 'react-router-dom';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Tag,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissCircleRegular, EditRegular, EyeRegular } from '@fluentui/react-icons';
import { CRM_GRID_PAGE_SIZE, CRM_GRID_SCROLL_WIDTH_PX } from '@domain/constants';
import { CRM_MESSAGES } from '@domain/rules';
import { paths } from '@web/app/navigation';
import { PortalDataGrid, type PortalColumn } from '@web/ui/DataGrid';
import { Hint } from '@web/ui/Hint';
import { displayName, rowKey, type CrmRow } from './model';
import type { CrmData } from './useCrmData';
import type { CrmDraftState } from './useCrmDraft';
import type { Refusal } from './useCrmSave';

const useStyles = makeStyles({
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  saved: {
    backgroundColor: tokens.colorPaletteGreenBackground2,
    color: tokens.colorPaletteGreenForeground2,
  },
  scroll: { overflowX: 'auto', '& [role="grid"]': { minWidth: `${CRM_GRID_SCROLL_WIDTH_PX}px` } },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

const columns = (refused: Refusal | null): PortalColumn<CrmRow>[] => [
  { key: 'name', title: 'Name', width: 200, value: (r) => displayName(r) },
  { key: 'masterEmailAddress', title: 'Professional Email', width: 220 },
  { key: 'position', title: 'Position Name', width: 170 },
  { key: 'classification', title: 'CRM Classification', width: 150 },
  { key: 'gender', title: 'Pronoun', width: 90 },
  { key: 'language', title: 'Language', width: 150, value: (r) => (r.language ?? []).join(', ') },
  { key: 'phone', title: 'Mobile', width: 140 },
  { key: 'residentCountry', title: 'Resident Country', width: 150 },
  { key: 'groupArea', title: 'Standard Area/Department', width: 180 },
  { key: 'groupPosition', title: 'Standard Position', width: 150 },
  { key: 'responsibleOffice', title: 'Responsible Office', width: 150 },
  { key: 'responsibleWrite', title: 'Integration Focal Point', width: 200 },
  { key: 'linkedin', title: 'LinkedIn', width: 160 },
  {
    key: 'check',
    title: 'Check',
    width: 110,
    value: (r) => (refused?.keys.has(rowKey(r)) ? 'Incomplete' : ''),
  },
];

/**
 * The stakeholder grid (002 §2.6): the passing notice, the way to the Stakeholders screen, the saved contacts
 * as green tags, the excluded ones as buttons that bring them back, the messages of a refused save, and the
 * portal's contacts not yet in the CRM, 5 rows a page, with edit (view when read-only) and exclude.
 */
export function CrmContacts({
  data,
  draft,
  refused,
  onEdit,
}: {
  data: CrmData;
  draft: CrmDraftState;
  refused: Refusal | null;
  onEdit: (row: CrmRow) => void;
}) {
  const s = useStyles();
  const navigate = useNavigate();
  const { canEdit, saved, project } = data;
  const { contacts, excluded, notice } = draft;
  const goToStakeholders = () => {
    if (!project) draft.show({ intent: 'warning', text: 'Project not loaded' });
    else navigate(paths.project.setup.stakeholders(project.id));
  };
  return (
    <>
      {notice ? (
        <MessageBar intent={notice.intent} role="status">
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      ) : null}

      <MessageBar intent="info">
        <MessageBarBody>
          To add new contacts, go to the Stakeholders screen.{' '}
          <Button size="small" appearance="transparent" onClick={goToStakeholders}>
            Go to Stakeholders
          </Button>
        </MessageBarBody>
      </MessageBar>

      {saved?.length ? (
        <div className={s.tags} role="group" aria-label="Saved Contacts">
          <Text weight="semibold">Saved Contacts:</Text>
          {saved.map((c) => (
            <Tag key={String(c.id)} className={s.saved} shape="circular" size="small">
              {displayName(c)}
            </Tag>
          ))}
        </div>
      ) : null}

      {excluded.length ? (
        <div className={s.tags} role="group" aria-label="Excluded Contacts">
          <Text weight="semibold">Excluded Contacts:</Text>
          {excluded.map((c) => (
            <Hint key={rowKey(c)} content="Bring back to the grid" relationship="description">
              <Button size="small" disabled={!canEdit} onClick={() => draft.bringBack(c)}>
                {displayName(c)}
              </Button>
            </Hint>
          ))}
        </div>
      ) : null}

      {refused ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {CRM_MESSAGES.fallback}
            <ul className={s.problems}>
              {refused.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      ) : null}

      <div className={s.scroll}>
        <PortalDataGrid<CrmRow>
          ariaLabel="Stakeholders"
          rows={contacts ?? undefined}
          loading={contacts === null}
          columns={columns(refused)}
          getRowId={rowKey}
          pageSize={CRM_GRID_PAGE_SIZE}
          emptyText="No stakeholders to send to the CRM"
          readOnly
          rowActions={(row) => (
            <>
              <Hint content={canEdit ? 'Edit' : 'View'} relationship="label">
                <Button
                  appearance="subtle"
                  size="small"
                  icon={canEdit ? <EditRegular /> : <EyeRegular />}
                  onClick={() => onEdit(row)}
                />
              </Hint>
              {canEdit ? (
                <Hint content="Exclude" relationship="label">
                  <Button
                    appearance="subtle"
                    size="small"
                    icon={<DismissCircleRegular />}
                    onClick={() => draft.exclude(row)}
                  />
                </Hint>
              ) : null}
            </>
          )}
        />
      </div>
    </>
  );
}
