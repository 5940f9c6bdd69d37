import { useState } from 'react';
import { Button, Dropdown, Input, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentPdfRegular, VideoClipRegular } from '@fluentui/react-icons';
import { isSelectableMethodology, methodologyIds } from '@domain/rules';
import {
  offered,
  useGeographicScopes,
  useGeographics,
  useMethodologies,
  useOffices,
  usePractices,
  type MasterItem,
} from '@web/api/master';
import { AutosaveTextField, ModalDialog, PdfUpload, isoDay } from '@web/ui';
import { TutorialPanel } from '@web/ui/esign';
import type { ClosureInternal } from './api/closure-internal';
import { closureFile, completeCaseTemplateFile } from './api/files';
import { GOOD_CASE_TUTORIAL } from './config';
import { InstantField, SelectField, SummaryField, type Choice, type FormCtx } from './fields';
import { useUpload } from './useUpload';
import { useFileDownload } from '@web/ui/file-download';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** The selectable methodologies (002 §3, §5): without the excluded ids and without "No Methodology". */
export const selectableMethodologies = (list: readonly MasterItem[] | undefined): Choice[] =>
  (list ?? []).filter((m) => isSelectableMethodology(m.ID, m.Name)).map((m) => ({ id: m.ID, name: m.Name }));

const fromMaster = (list: readonly MasterItem[] | undefined): Choice[] =>
  (list ?? []).map((m) => ({ id: m.ID, name: m.Name }));
/** formMethodology is the comma-joined ids (002 §3). */
const idsOf = (v: string | null | undefined) =>
  methodologyIds(v)
    .map(Number)
    .filter((n) => Number.isInteger(n));

/** The record's single-choice fields of the close-out form. */
type SelectKey =
  | 'formResponsiblePartner'
  | 'formProjectManager'
  | 'formOffice'
  | 'formGeography'
  | 'formGeographyScope'
  | 'formPractice';

/**
 * Close-out sub-tab (002 §2.6): project name (read-only), start and end dates, responsible partner/director and
 * project manager (team), office, geography, geographic scope, practice, methodology (multi-select), the complete
 * case (template, 'Tips to write a good case', upload, download), the summary and the results. Every field saves
 * itself (choices at once, texts 3 s after typing stops or on leaving them).
 */
export function CloseOutFieldsTab({
  projectId,
  projectName,
  record,
  people,
  ctx,
}: {
  projectId: number;
  projectName: string;
  record: ClosureInternal;
  people: readonly Choice[];
  ctx: FormCtx;
}) {
  const s = useStyles();
  const offices = useOffices();
  const geographics = useGeographics();
  const scopes = useGeographicScopes();
  const practices = usePractices();
  const methodologies = useMethodologies();
  const download = useFileDownload();
  const upload = useUpload(projectId, 'complete-case');
  const [tips, setTips] = useState(false);
  // a deactivated methodology is offered only where the form holds it
  const methodologyChoices = selectableMethodologies(
    offered(methodologies.data, idsOf(record.formMethodology)),
  );
  const methodologyName = (id: number) => methodologyChoices.find((m) => m.id === id)?.name ?? String(id);

  const team = { choices: people, placeholder: 'Select a team member' };
  const selects: { label: string; field: SelectKey; choices: readonly Choice[]; placeholder?: string }[] = [
    { label: 'Responsible partner/director', field: 'formResponsiblePartner', ...team },
    { label: 'Project manager', field: 'formProjectManager', ...team },
    { label: 'Office', field: 'formOffice', choices: fromMaster(offered(offices.data, [record.formOffice])) },
    {
      label: 'Geography',
      field: 'formGeography',
      choices: fromMaster(offered(geographics.data, [record.formGeography])),
    },
    {
      label: 'Geographic scope',
      field: 'formGeographyScope',
      choices: fromMaster(offered(scopes.data, [record.formGeographyScope])),
    },
    {
      label: 'Practice',
      field: 'formPractice',
      choices: fromMaster(offered(practices.data, [record.formPractice])),
    },
  ];

  const date = (field: 'formProjectStartDate' | 'formProjectEndDate', label: string) => (
    <InstantField<string | null>
      label={label}
      value={isoDay(record[field]) || null}
      ctx={ctx}
      body={(v) => ({ [field]: v })}
      fromRecord={(r) => isoDay(r?.[field]) || null}
    >
      {(v, set) => (
        <Input
          type="date"
          aria-label={label}
          value={v ?? ''}
          readOnly={ctx.readOnly}
          onChange={(_, d) => {
            if (d.value === '' || /^\d{4}-\d{2}-\d{2}$/.test(d.value)) set(d.value || null);
          }}
        />
      )}
    </InstantField>
  );

  return (
    <div className={s.root}>
      <div className={s.grid}>
        <InstantField<string | null>
          label="Project name"
          value={record.closureProjectName}
          ctx={ctx}
          body={(v) => ({ closureProjectName: v })}
          fromRecord={(r) => r?.closureProjectName ?? null}
        >
          {(v, set) => (
            <div className={s.row}>
              <Input aria-label="Project name" value={v ?? ''} readOnly placeholder="—" />
              {!v && !ctx.readOnly ? (
                <Button size="small" onClick={() => set(projectName)}>
                  Use the project name
                </Button>
              ) : null}
            </div>
          )}
        </InstantField>
        {date('formProjectStartDate', 'Start date')}
        {date('formProjectEndDate', 'End date')}
        {selects.map((f) => (
          <SelectField key={f.field} {...f} value={record[f.field]} ctx={ctx} />
        ))}
      </div>
      <InstantField<string | null>
        label="Methodology"
        value={record.formMethodology}
        ctx={ctx}
        body={(v) => ({ formMethodology: v })}
        fromRecord={(r) => r?.formMethodology ?? null}
        renderTheirs={(v) => idsOf(v).map(methodologyName).join(', ')}
      >
        {(v, set) => {
          const selected = idsOf(v);
          return (
            <Dropdown
              multiselect
              inlinePopup
              aria-label="Methodology"
              placeholder={ctx.readOnly ? '—' : 'Select methodologies'}
              value={selected.map(methodologyName).join(', ')}
              selectedOptions={selected.map(String)}
              disabled={ctx.readOnly}
              onOptionSelect={(_, d) => {
                const ids = d.selectedOptions.map(Number).filter((n) => Number.isInteger(n));
                set(ids.length ? ids.join(',') : null);
              }}
            >
              {methodologyChoices.map((m) => (
                <Option key={m.id} value={String(m.id)}>
                  {m.name}
                </Option>
              ))}
            </Dropdown>
          );
        }}
      </InstantField>
      <div className={s.section} role="group" aria-label="Complete case">
        <Text weight="semibold">Complete case</Text>
        <div className={s.row}>
          <Button
            icon={<ArrowDownloadRegular />}
            disabled={download.busy !== null}
            onClick={() => void download.run(completeCaseTemplateFile(projectId))}
          >
            Download the complete one-page case template
          </Button>
          <Button appearance="subtle" icon={<VideoClipRegular />} onClick={() => setTips(true)}>
            Tips to write a good case
          </Button>
        </div>
        {!ctx.readOnly ? (
          <PdfUpload
            label="Case file (English and sanitized, PDF)"
            disabled={upload.busy}
            onUpload={(file) => upload.run(file)}
          />
        ) : null}
        <div className={s.row}>
          {record.formCompleteCaseAttach ? (
            <>
              <DocumentPdfRegular aria-hidden />
              <Text weight="semibold">{record.formCompleteCaseAttach}</Text>
              <Button
                icon={<ArrowDownloadRegular />}
                disabled={download.busy !== null}
                onClick={() =>
                  void download.run(closureFile(projectId, 'complete-case', record.formCompleteCaseAttach))
                }
              >
                Download case
              </Button>
            </>
          ) : (
            <Text italic>No case uploaded yet</Text>
          )}
        </div>
      </div>
      <SummaryField value={record.formMiniCaseComment} ctx={ctx} />
      <AutosaveTextField
        label="Results achieved (qualitative)"
        multiline
        rows={4}
        maxLength={20_000}
        readOnly={ctx.readOnly}
        value={record.formResultAchievedQualitative}
        version={ctx.version}
        fromRecord={(r: ClosureInternal | undefined) => r?.formResultAchievedQualitative}
        onSave={(v, c) => ctx.save({ formResultAchievedQualitative: v || null }, c)}
      />
      <AutosaveTextField
        label="Results achieved (quantitative)"
        multiline
        rows={4}
        maxLength={20_000}
        readOnly={ctx.readOnly}
        value={record.formResultAchievedQuantitative}
        version={ctx.version}
        fromRecord={(r: ClosureInternal | undefined) => r?.formResultAchievedQuantitative}
        onSave={(v, c) => ctx.save({ formResultAchievedQuantitative: v || null }, c)}
      />
      {tips ? (
        <ModalDialog
          title="Tips to write a good case"
          width="large"
          closeLabel="Close"
          onClose={() => setTips(false)}
        >
          <TutorialPanel tutorial={GOOD_CASE_TUTORIAL} onClose={() => setTips(false)} />
        </ModalDialog>
      ) : null}
    </div>
  );
}
