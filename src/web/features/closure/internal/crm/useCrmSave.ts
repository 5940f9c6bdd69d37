import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CRM_MESSAGES, approvalRecipient, responsiblesRefusal } from '@domain/rules';
import { paths } from '@web/app/navigation';
import { useNotify } from '@web/ui/toast';
import { crmKeys } from './api/crm';
import { createBulk, sendApprovalEmail, updateResponsibles } from './api/save';
import { approvalEmail, contactProblems, rowKey, toSaved, type SaveContext } from './model';
import type { CrmData } from './useCrmData';
import { emailOf } from './useCrmData';
import type { CrmDraftState } from './useCrmDraft';

export type SaveVariant = 'send' | 'save';
/** The contacts a save refused: their keys (the grid's Check column) and the §5 messages. */
export type Refusal = { keys: Set<string>; problems: string[] };

/**
 * The CRM save flow (002 §4, §5, §8): step 1 checks the responsibles (a toast), the industry ('Select an
 * industry' at its selector) and every contact (the messages above the grid), then asks to confirm; steps 2–4
 * save, send the optional approval e-mail (a failure only logged) and reload.
 */
export function useCrmSave(projectId: number, data: CrmData, draft: CrmDraftState) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [industryMissing, setIndustryMissing] = useState(false);
  const [confirm, setConfirm] = useState<SaveVariant | null>(null);
  const [saving, setSaving] = useState(false);
  const { project, saved, company } = data;
  const { contacts, responsibles, industry } = draft;

  const ctx: SaveContext = {
    projectId,
    projectName: project?.name ?? '',
    responsibles,
    industry,
    clientName: company?.name || project?.client?.name || '',
    economicGroup: company?.economicGroup ?? null,
  };
  const recipientEmail = approvalRecipient(responsibles.director, responsibles.partner);
  const recipient = data.team.find((m) => emailOf(m) === recipientEmail);

  /** Step 1: responsibles, industry, every contact (§5); then the confirmation. */
  const start = (variant: SaveVariant) => {
    const refusal = responsiblesRefusal(responsibles, {
      partnerCandidates: data.partners,
      directorCandidates: data.directors,
    });
    if (refusal) {
      notify.error(refusal);
      return;
    }
    setIndustryMissing(!industry);
    if (!industry) return;
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

  /** Sends the approval e-mail; a failure is only logged (002 §8). True when sent. */
  const sendApproval = async (count: number) => {
    if (!recipientEmail) return false;
    try {
      const mail = approvalEmail({
        projectCode: project?.code ?? '',
        projectName: ctx.projectName,
        clientName: ctx.clientName,
        count,
        reviewUrl: new URL(
          `${paths.project.closure.internal(projectId)}?crm`,
          window.location.origin,
        ).toString(),
      });
      await sendApprovalEmail({ to: recipientEmail, ...mail, idProject: projectId });
      return true;
    } catch (e) {
      console.error('The approval e-mail was not sent', e);
      return false;
    }
  };

  /** Steps 2–4: save, the optional approval e-mail, reload. */
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
      const sent = send && (await sendApproval(others.length + rows.length));
      draft.forget();
      notify.success(sent ? 'Data saved successfully! Email sent for approval.' : 'Data saved successfully!');
      await qc.invalidateQueries({ queryKey: crmKeys.contacts(projectId) });
      draft.rebuild(); // rebuilt from the reloaded contacts (the excluded ones stay excluded)
    } catch (e) {
      notify.error(e instanceof Error && e.message ? e.message : CRM_MESSAGES.saveError);
    } finally {
      setSaving(false);
      setConfirm(null);
    }
  };

  return {
    ctx,
    recipient: recipientEmail
      ? recipient
        ? `${recipient.professional.name} (${recipientEmail})`
        : recipientEmail
      : null,
    refused,
    /** 'Select an industry' shows at the selector until one is chosen. */
    industryError: industryMissing && !industry,
    confirm,
    saving,
    start,
    save,
    cancel: () => setConfirm(null),
    /** Clear Draft also forgets a refusal. */
    clearRefusal: () => setRefused(null),
  };
}

export type CrmSaveState = ReturnType<typeof useCrmSave>;
