import { useCallback, useEffect, useRef, useState } from 'react';
import { CRM_DRAFT_DEBOUNCE_MS, CRM_DRAFT_PERIODIC_MS, CRM_NEW_CONTACT_NOTICE_MS } from '@domain/constants';
import { clearDraft, readDraft, writeDraft } from './draft';
import { rowKey, type CrmRow } from './model';
import type { CrmData } from './useCrmData';

export type Responsibles = { fulfil: string | null; director: string | null; partner: string | null };
const NO_RESPONSIBLES: Responsibles = { fulfil: null, director: null, partner: null };
export type Notice = { intent: 'success' | 'info' | 'warning'; text: string };

/**
 * The CRM tab's working copy (002 §4, §9): the grid's contacts, the excluded ones, the responsibles and the
 * industry. First built from the local draft (24 hours; new portal contacts go to the excluded list) or from
 * the portal's contacts and the saved ones; kept as a draft 1 s after each change, then every 5 s while active.
 * `notice` is the tab's passing message (5 s).
 */
export function useCrmDraft(projectId: number, data: CrmData) {
  const { canEdit, ready, fresh, saved, portalRows, company } = data;
  const [contacts, setContacts] = useState<CrmRow[] | null>(null);
  const [excluded, setExcluded] = useState<CrmRow[]>([]);
  const [responsibles, setResponsibles] = useState<Responsibles>(NO_RESPONSIBLES);
  const [industry, setIndustry] = useState<string | null>(null);
  const [draftActive, setDraftActive] = useState(false);
  const [changes, setChanges] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);

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
    if (contacts !== null && industry === null && company?.industry && !draftActive)
      setIndustry(company.industry);
  }, [contacts, industry, company, draftActive]);

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
  /** The draft is gone (saved, or cleared): no more local saves until the next change. */
  const forget = () => {
    clearDraft(projectId);
    setDraftActive(false);
    setChanges(0);
  };

  return {
    contacts,
    excluded,
    responsibles,
    industry,
    notice,
    show,
    setResponsible: (key: keyof Responsibles, email: string) => {
      setResponsibles((r) => ({ ...r, [key]: email }));
      changed();
    },
    setIndustry: (value: string | null) => {
      setIndustry(value);
      changed();
    },
    exclude: (row: CrmRow) => {
      setContacts((list) => (list ?? []).filter((c) => rowKey(c) !== rowKey(row)));
      setExcluded((list) => [...list, row]);
      changed();
    },
    bringBack: (row: CrmRow) => {
      setExcluded((list) => list.filter((c) => rowKey(c) !== rowKey(row)));
      setContacts((list) => [...(list ?? []), row]);
      changed();
    },
    replace: (row: CrmRow) => {
      setContacts((list) => (list ?? []).map((c) => (rowKey(c) === rowKey(row) ? row : c)));
      changed();
    },
    /** After a save: the draft is dropped; `rebuild` then builds the grid from the reloaded contacts. */
    forget,
    /** The grid is built again (the excluded contacts stay excluded). */
    rebuild: () => setContacts(null),
    /** Clear Draft: the draft and the excluded list are dropped, the grid built again. */
    clear: () => {
      forget();
      setExcluded([]);
      setContacts(null);
    },
  };
}

export type CrmDraftState = ReturnType<typeof useCrmDraft>;
