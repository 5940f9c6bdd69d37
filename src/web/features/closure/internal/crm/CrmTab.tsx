import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Tag,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissCircleRegular, EditRegular, EyeRegular, InfoRegular } from '@fluentui/react-icons';
import {
  CRM_CONFIRM_MODAL_WIDTH_PX,
  CRM_DRAFT_DEBOUNCE_MS,
  CRM_DRAFT_PERIODIC_MS,
  CRM_GRID_PAGE_SIZE,
  CRM_GRID_SCROLL_WIDTH_PX,
  CRM_NEW_CONTACT_NOTICE_MS,
} from '@domain/constants';
import {
  CRM_MESSAGES,
  approvalRecipient,
  canReadSessionRecords,
  canWorkOnSignedDocuments,
  directorCandidates,
  partnerCandidates,
  responsiblesRefusal,
} from '@domain/rules';
import type { TeamMember } from '@domain/contract';
import { paths } from '@web/app/navigation';
import { useSetupAccess } from '@web/api/setup-access';
import { PortalDataGrid, type PortalColumn } from '@web/ui/DataGrid';
import { ModalDialog } from '@web/ui/dialog';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { useNotify } from '@web/ui/toast';
import { LoadingState } from '@web/ui/PageState';
import { crmKeys, useCrmCompany, useCrmContacts, useCrmLookup, usePortalContacts } from './api/crm';
import { createBulk, sendApprovalEmail, updateResponsibles } from './api/save';
import { ContactDialog, type ContactLookups } from './ContactDialog';
import { ClassificationDialog, PrivacyDialog } from './dialogs';
import { clearDraft, readDraft, writeDraft } from './draft';
import {
  approvalEmail,
  contactProblems,
  displayName,
  fromPortal,
  rowKey,
  toSaved,
  type CrmRow,
  type SaveContext,
} from './model';
import { Hint } from '@web/ui/Hint';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-end' },
  selector: { minWidth: '260px' },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'flex-end',
    padding: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  pair: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  saved: {
    backgroundColor: tokens.colorPaletteGreenBackground2,
    color: tokens.colorPaletteGreenForeground2,
  },
  scroll: { overflowX: 'auto', '& [role="grid"]': { minWidth: `${CRM_GRID_SCROLL_WIDTH_PX}px` } },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

type Responsibles = { fulfil: string | null; director: string | null; partner: string | null };
const NO_RESPONSIBLES: Responsibles = { fulfil: null, director: null, partner: null };
type Notice = { intent: 'success' | 'info' | 'warning'; text: string };
/** What identifies a team member in the CRM: the professional's e-mail. */
const emailOf = (m: TeamMember) => m.professional.email ?? String(m.idProfessional);

/** 002 §8: the save confirmation's texts. */
export const CONFIRM_TEXTS = {
  send: "Are you sure you want to save the CRM information? This will send an email to this project's director and/or partner requesting their review.",
  noRecipient: 'No email will be sent (no director/partner selected)',
  save: 'Are you sure you want to save the CRM information?',
  noEmail: 'No email will be sent.',
  clearDraft: 'Are you sure you want to clear all locally saved data?',
};

/** One of the three responsible selectors (team members; value: the professional's e-mail). */
function ResponsibleSelect({
  label,
  people,
  value,
  disabled,
  onChange,
}: {
  label: string;
  people: readonly TeamMember[];
  value: string | null;
  disabled: boolean;
  onChange: (email: string) => void;
}) {
  const s = useStyles();
  const current = people.find((p) => emailOf(p) === value);
  return (
    <Field label={label} className={s.selector}>
      <Dropdown
        aria-label={label}
        placeholder="Select a team member"
        value={current?.professional.name ?? value ?? ''}
        selectedOptions={value ? [value] : []}
        disabled={disabled}
        onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue)}
      >
        {people.map((p) => (
          <Option key={p.idProfessional} value={emailOf(p)}>
            {p.professional.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/**
 * The CRM tab of Closure Internal (002 §2.6 "Stakeholder grid", §4, §5, §8): the privacy warning; the
 * responsible to fulfil, manager/director and partner selectors (candidates by job title, §6); the client
 * header with its industry; saved contacts as green tags; the portal's stakeholders not yet in the CRM in a
 * 5-row grid (edit, exclude; excluded ones as buttons that bring them back); Save / Save and Send with the
 * §8 confirmations; the local draft (1 s after a change, every 5 s, 24 hours). Read-only outside the
 * project's team (crmEdit: team or Admin).
 */
export function CrmTab({ projectId }: { projectId: number }) {
  const s = useStyles();
  const qc = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const access = useSetupAccess(projectId);
  const { project, user } = access;
  const canEdit = !!project && !!user && canWorkOnSignedDocuments(user, access.team);

  // the sessions whose stakeholders the caller may read (a During session's only the team's: a 403 signs out)
  const sessionIds = useMemo(
    () =>
      !project || !user
        ? []
        : (project.projectSession ?? [])
            .filter((ss) => canReadSessionRecords(user, access.team, { isSetup: ss.isSetup }))
            .sort((a, b) => Number(b.isSetup) - Number(a.isSetup) || a.id - b.id)
            .map((ss) => ss.id),
    // access.team is rebuilt on every render; the project and user carry it
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [project, user],
  );
  const portal = usePortalContacts(projectId, sessionIds, !!project && !!user);
  const savedQ = useCrmContacts(projectId);
  const company = useCrmCompany(project?.client?.id ?? project?.idClient);
  const classifications = useCrmLookup('classifications');
  const areaPositions = useCrmLookup('areaPositions');
  const geographies = useCrmLookup('geographies');
  const offices = useCrmLookup('offices');
  const industries = useCrmLookup('industries');
  const professionals = useCrmLookup('professionals');
  const languages = useCrmLookup('languages');

  const team = useMemo(
    () =>
      (project?.projectTeam ?? [])
        .filter((m) => m.professional.isActive !== false)
        .sort((a, b) => a.professional.name.localeCompare(b.professional.name)),
    [project],
  );
  const directors = useMemo(() => directorCandidates(team), [team]);
  const partners = useMemo(() => partnerCandidates(team), [team]);

  const [privacyOpen, setPrivacyOpen] = useState(true);
  const [classificationOpen, setClassificationOpen] = useState(false);
  const [contacts, setContacts] = useState<CrmRow[] | null>(null);
  const [excluded, setExcluded] = useState<CrmRow[]>([]);
  const [responsibles, setResponsibles] = useState<Responsibles>(NO_RESPONSIBLES);
  const [industry, setIndustry] = useState<string | null>(null);
  const [draftActive, setDraftActive] = useState(false);
  const [changes, setChanges] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<CrmRow | null>(null);
  const [refused, setRefused] = useState<{ keys: Set<string>; problems: string[] } | null>(null);
  const [industryError, setIndustryError] = useState(false);
  const [confirm, setConfirm] = useState<'send' | 'save' | null>(null);
  const [clearing, setClearing] = useState(false);
  const [saving, setSaving] = useState(false);

  const saved = savedQ.data;
  const portalRows = portal.data;
  const languageNames = useMemo(() => (languages.data ?? []).map((l) => l.name), [languages.data]);
  const ready = !!project && !!saved && !!portalRows && !!languages.data;

  /** The portal's stakeholders not saved in the CRM yet (002 §2.6), as rows. */
  const fresh = useCallback((): CrmRow[] => {
    const savedPortal = new Set((saved ?? []).map((c) => c.idOnPortal).filter((id) => id != null));
    return (portalRows ?? []).filter((p) => !savedPortal.has(p.id)).map((p) => fromPortal(p, languageNames));
  }, [saved, portalRows, languageNames]);

  const show = useCallback((n: Notice) => setNotice(n), []);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), CRM_NEW_CONTACT_NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);

  // first build: the draft (24 hours, new portal contacts → excluded) or the portal's contacts
  useEffect(() => {
    if (!ready || contacts !== null) return;
    const rows = fresh();
    const draft = canEdit ? readDraft(projectId) : null;
    if (draft) {
      const known = new Set([...draft.contacts, ...draft.excluded].map(rowKey));
      const added = rows.filter((r) => !known.has(rowKey(r)));
      setContacts(draft.contacts);
      setExcluded([...draft.excluded, ...added]);
      setResponsibles(draft.responsibles);
      setIndustry(draft.industry);
      setDraftActive(true);
      show({
        intent: 'success',
        text: added.length
          ? `Draft loaded! ${added.length} new contact(s) added to excluded list.`
          : 'Draft loaded successfully!',
      });
      return;
    }
    const first = saved![0];
    setContacts(rows.filter((r) => !excluded.some((e) => rowKey(e) === rowKey(r))));
    setResponsibles({
      fulfil: first?.createdBy || null,
      director: first?.directorResponsible || null,
      partner: first?.partnerResponsible || null,
    });
    setIndustry(first?.industry || null);
  }, [ready, contacts, fresh, canEdit, projectId, saved, excluded, show]);

  // the client's industry when nothing else chose one
  useEffect(() => {
    if (contacts !== null && industry === null && company.data?.industry && !draftActive)
      setIndustry(company.data.industry);
  }, [contacts, industry, company.data, draftActive]);

  // portal contacts that appear while a draft is active go to the excluded list (002 §4)
  useEffect(() => {
    if (!draftActive || contacts === null || !portalRows) return;
    const known = new Set([...contacts, ...excluded].map(rowKey));
    const added = fresh().filter((r) => !known.has(rowKey(r)));
    if (!added.length) return;
    setExcluded((x) => [...x, ...added]);
    show({ intent: 'info', text: `${added.length} new contact(s) detected and added to excluded list.` });
    // only a new answer of the portal contacts is checked
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [portalRows]);

  // the local draft: 1 s after a change, then every 5 s while active (002 §4, §9)
  const state = useRef({ contacts, excluded, responsibles, industry });
  state.current = { contacts, excluded, responsibles, industry };
  const persist = useCallback(() => {
    const st = state.current;
    if (!canEdit || st.contacts === null) return;
    writeDraft(projectId, {
      contacts: st.contacts,
      excluded: st.excluded,
      responsibles: st.responsibles,
      industry: st.industry,
      form: {},
    });
  }, [canEdit, projectId]);
  useEffect(() => {
    if (!changes || !canEdit) return;
    const t = setTimeout(() => {
      persist();
      setDraftActive(true);
    }, CRM_DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [changes, canEdit, persist]);
  useEffect(() => {
    if (!draftActive || !canEdit) return;
    const t = setInterval(persist, CRM_DRAFT_PERIODIC_MS);
    return () => clearInterval(t);
  }, [draftActive, canEdit, persist]);
  const changed = () => setChanges((n) => n + 1);

  const ctx: SaveContext = {
    projectId,
    projectName: project?.name ?? '',
    responsibles,
    industry,
    clientName: company.data?.name || project?.client?.name || '',
    economicGroup: company.data?.economicGroup ?? null,
  };
  const lookups: ContactLookups = {
    classifications: (classifications.data ?? []).filter((c) => c.stakeholderTypes.includes('CLIENT')),
    areaPositions: areaPositions.data ?? [],
    geographies: geographies.data ?? [],
    offices: offices.data ?? [],
    professionals: professionals.data ?? [],
    languages: languages.data ?? [],
  };

  const recipientEmail = approvalRecipient(responsibles.director, responsibles.partner);
  const recipient = team.find((m) => emailOf(m) === recipientEmail);

  const exclude = (row: CrmRow) => {
    setContacts((list) => (list ?? []).filter((c) => rowKey(c) !== rowKey(row)));
    setExcluded((list) => [...list, row]);
    changed();
  };
  const bringBack = (row: CrmRow) => {
    setExcluded((list) => list.filter((c) => rowKey(c) !== rowKey(row)));
    setContacts((list) => [...(list ?? []), row]);
    changed();
  };
  const apply = (row: CrmRow) => {
    setContacts((list) => (list ?? []).map((c) => (rowKey(c) === rowKey(row) ? row : c)));
    setEditing(null);
    changed();
  };

  /** 002 §4 CRM save flow, step 1: responsibles, industry, every contact (§5); then the confirmation. */
  const startSave = (variant: 'send' | 'save') => {
    const refusal = responsiblesRefusal(responsibles, {
      partnerCandidates: partners,
      directorCandidates: directors,
    });
    if (refusal) {
      notify.error(refusal);
      return;
    }
    if (!industry) {
      setIndustryError(true);
      notify.error('Select an industry');
      return;
    }
    const rows = (contacts ?? []).map((c) => toSaved(c, ctx));
    const problems = contactProblems(rows);
    if (problems.length) {
      const keys = new Set(rows.filter((r) => contactProblems([r]).length).map(rowKey));
      setRefused({ keys, problems });
      notify.error(CRM_MESSAGES.fallback);
      return;
    }
    setRefused(null);
    setConfirm(variant);
  };

  /** Steps 2–4: save, the optional approval e-mail (a failure only logged), reload. */
  const save = async (send: boolean) => {
    setSaving(true);
    try {
      const rows = (contacts ?? []).map((c) => toSaved(c, ctx));
      if (rows.length) await createBulk({ data: rows, idProject: projectId, projectName: ctx.projectName });
      const resaved = new Set(rows.map((r) => r.idOnPortal).filter((id) => id != null));
      const others = (saved ?? []).filter((c) => c.idOnPortal == null || !resaved.has(c.idOnPortal));
      if (others.length)
        await updateResponsibles(
          others.map((c) => ({
            id: c.id,
            createdBy: responsibles.fulfil ?? c.createdBy,
            partnerResponsible: responsibles.partner,
            directorResponsible: responsibles.director,
          })),
        );
      let sent = false;
      if (send && recipientEmail) {
        try {
          const mail = approvalEmail({
            projectCode: project?.code ?? '',
            projectName: ctx.projectName,
            clientName: ctx.clientName,
            count: others.length + rows.length,
            reviewUrl: new URL(
              `/project/${projectId}/closure/internal?crm`,
              window.location.origin,
            ).toString(),
          });
          await sendApprovalEmail({ to: recipientEmail, ...mail, idProject: projectId });
          sent = true;
        } catch (e) {
          console.error('The approval e-mail was not sent', e); // 002 §8: only logged
        }
      }
      clearDraft(projectId);
      setDraftActive(false);
      setChanges(0);
      notify.success(sent ? 'Data saved successfully! Email sent for approval.' : 'Data saved successfully!');
      await qc.invalidateQueries({ queryKey: crmKeys.contacts(projectId) });
      setContacts(null); // rebuilt from the reloaded contacts (the excluded ones stay excluded)
    } catch (e) {
      notify.error(e instanceof Error && e.message ? e.message : CRM_MESSAGES.saveError);
    } finally {
      setSaving(false);
      setConfirm(null);
    }
  };

  const onClearDraft = () => {
    clearDraft(projectId);
    setDraftActive(false);
    setChanges(0);
    setExcluded([]);
    setRefused(null);
    setContacts(null);
    setClearing(false);
    notify.success('Draft cleared successfully!');
  };

  const goToStakeholders = () => {
    if (!project) show({ intent: 'warning', text: 'Project not loaded' });
    else navigate(paths.project.setup.stakeholders(project.id));
  };

  const columns: PortalColumn<CrmRow>[] = [
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

  if (access.isLoading) return <LoadingState />;

  return (
    <section className={s.root} aria-label="CRM">
      <PrivacyDialog open={privacyOpen} onClose={() => setPrivacyOpen(false)} />
      <ClassificationDialog open={classificationOpen} onClose={() => setClassificationOpen(false)} />

      <div className={s.row}>
        <ResponsibleSelect
          label="Responsible to Fulfill"
          people={team}
          value={responsibles.fulfil}
          disabled={!canEdit}
          onChange={(fulfil) => {
            setResponsibles((r) => ({ ...r, fulfil }));
            changed();
          }}
        />
        {directors.length ? (
          <ResponsibleSelect
            label="Director Responsible (Manager/Director)"
            people={directors}
            value={responsibles.director}
            disabled={!canEdit}
            onChange={(director) => {
              setResponsibles((r) => ({ ...r, director }));
              changed();
            }}
          />
        ) : null}
        {partners.length ? (
          <ResponsibleSelect
            label="Partner Responsible"
            people={partners}
            value={responsibles.partner}
            disabled={!canEdit}
            onChange={(partner) => {
              setResponsibles((r) => ({ ...r, partner }));
              changed();
            }}
          />
        ) : null}
      </div>

      <div className={s.header} role="group" aria-label="Client">
        <div className={s.pair}>
          <Text size={200}>Client</Text>
          <Text weight="semibold">{ctx.clientName || '—'}</Text>
        </div>
        <div className={s.pair}>
          <Text size={200}>Economic Group</Text>
          <Text weight="semibold">{ctx.economicGroup || '—'}</Text>
        </div>
        <Field
          label="Industry"
          className={s.selector}
          validationMessage={industryError && !industry ? 'Select an industry' : undefined}
        >
          <Dropdown
            aria-label="Industry"
            placeholder="Select an industry"
            value={industry ?? ''}
            selectedOptions={industry ? [industry] : []}
            disabled={!canEdit}
            onOptionSelect={(_, d) => {
              setIndustry(d.optionValue ?? null);
              changed();
            }}
          >
            {(industries.data ?? []).map((i) => (
              <Option key={String(i.id)} value={i.name}>
                {i.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>

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
              <Button size="small" disabled={!canEdit} onClick={() => bringBack(c)}>
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
          columns={columns}
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
                  onClick={() => setEditing(row)}
                />
              </Hint>
              {canEdit ? (
                <Hint content="Exclude" relationship="label">
                  <Button
                    appearance="subtle"
                    size="small"
                    icon={<DismissCircleRegular />}
                    onClick={() => exclude(row)}
                  />
                </Hint>
              ) : null}
            </>
          )}
        />
      </div>

      <div className={s.actions}>
        {canEdit ? (
          <>
            <Button
              appearance="primary"
              disabled={contacts === null || saving}
              onClick={() => startSave('send')}
            >
              Save and Send
            </Button>
            <Button disabled={contacts === null || saving} onClick={() => startSave('save')}>
              Save
            </Button>
            <Button appearance="subtle" onClick={() => setClearing(true)}>
              Clear Draft
            </Button>
          </>
        ) : null}
        <Button appearance="subtle" icon={<InfoRegular />} onClick={() => setClassificationOpen(true)}>
          Classification Info
        </Button>
      </div>

      {editing ? (
        <ContactDialog
          key={rowKey(editing)}
          contact={editing}
          lookups={lookups}
          ctx={ctx}
          showAll={!!refused?.keys.has(rowKey(editing))}
          readOnly={!canEdit}
          onClassificationInfo={() => setClassificationOpen(true)}
          onApply={apply}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ModalDialog
        open={confirm !== null}
        title={confirm === 'send' ? 'Save and Send' : 'Save'}
        width={CRM_CONFIRM_MODAL_WIDTH_PX}
        busy={saving}
        primaryLabel={confirm === 'send' ? 'Yes, Save and Send Email' : 'Save'}
        onPrimary={() => save(confirm === 'send')}
        onClose={() => setConfirm(null)}
      >
        {confirm === 'send' ? (
          <>
            <Text>{CONFIRM_TEXTS.send}</Text>
            {recipientEmail ? (
              <ul aria-label="Recipients">
                <li>{recipient ? `${recipient.professional.name} (${recipientEmail})` : recipientEmail}</li>
              </ul>
            ) : (
              <Text weight="semibold">{CONFIRM_TEXTS.noRecipient}</Text>
            )}
          </>
        ) : (
          <>
            <Text>{CONFIRM_TEXTS.save}</Text>
            <Text weight="semibold">{CONFIRM_TEXTS.noEmail}</Text>
          </>
        )}
      </ModalDialog>

      <ConfirmDialog
        open={clearing}
        title="Clear Draft"
        confirmLabel="Clear Draft"
        onConfirm={onClearDraft}
        onCancel={() => setClearing(false)}
      >
        <Text>{CONFIRM_TEXTS.clearDraft}</Text>
      </ConfirmDialog>
    </section>
  );
}
