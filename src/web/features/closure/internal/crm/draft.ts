import { CrmDraft } from '@domain/contract';
import { CRM_DRAFT_EXPIRY_MS } from '@domain/constants';
import type { z } from 'zod';

/** The local draft of one project's CRM tab (002 §3, §4). */
export type Draft = z.infer<typeof CrmDraft>;

export const draftKey = (projectId: number) => `portal.crmDraft.${projectId}`;

/** The project's draft, or null when absent, unreadable or older than 24 hours (then it is removed). */
export function readDraft(projectId: number, now = Date.now()): Draft | null {
  const raw = localStorage.getItem(draftKey(projectId));
  if (!raw) return null;
  try {
    const parsed = CrmDraft.safeParse(JSON.parse(raw));
    if (parsed.success && now - parsed.data.savedAt < CRM_DRAFT_EXPIRY_MS) return parsed.data;
  } catch {
    /* unreadable: dropped below */
  }
  localStorage.removeItem(draftKey(projectId));
  return null;
}

export function writeDraft(projectId: number, draft: Omit<Draft, 'savedAt'>, now = Date.now()) {
  try {
    localStorage.setItem(draftKey(projectId), JSON.stringify({ ...draft, savedAt: now }));
  } catch (e) {
    console.error('Could not save the CRM draft', e);
  }
}

export const clearDraft = (projectId: number) => localStorage.removeItem(draftKey(projectId));
