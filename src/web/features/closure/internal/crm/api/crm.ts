import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CrmAreaPosition,
  CrmClassification,
  CrmCompany,
  CrmLookup,
  CrmProfessional,
  CrmSavedContact,
} from '@domain/contract';
import { crm } from '@web/api/endpoints/crm';
import { sessionRecords } from '@web/api/endpoints/session-records';
import { api } from '@web/api/endpoint';

/** Query keys of the CRM tab (002 §2.6). */
export const crmKeys = {
  all: ['crm'] as const,
  lookup: (name: string) => ['crm', 'lookup', name] as const,
  contacts: (projectId: number) => ['crm', 'contacts', projectId] as const,
  company: (clientId: number) => ['crm', 'company', clientId] as const,
  portal: (projectId: number, sessionIds: readonly number[]) =>
    ['crm', 'portal-contacts', projectId, ...sessionIds] as const,
};

export type Lookup = z.infer<typeof CrmLookup>;
export type Classification = z.infer<typeof CrmClassification>;
export type AreaPosition = z.infer<typeof CrmAreaPosition>;
export type Professional = z.infer<typeof CrmProfessional>;
/** A contact as the CRM answers it (with its id, status and version). */
export type SavedContact = CrmSavedContact;
export type { CrmCompany };

/** 002 §8: loading failures of options or stakeholders are logged and the lists emptied. */
async function orEmpty<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    const list = await load();
    return Array.isArray(list) ? list : [];
  } catch (e) {
    console.error(`Could not load ${what}`, e);
    return [];
  }
}

const LOOKUPS = {
  classifications: crm.classifications,
  areaPositions: crm.areaPositions,
  geographies: crm.geographies,
  offices: crm.offices,
  industries: crm.industries,
  professionals: crm.professionals,
  languages: crm.languages,
} as const;
/** Each lookup's item. */
export type LookupTypes = {
  [K in keyof typeof LOOKUPS]: z.output<(typeof LOOKUPS)[K]['response']['element']>;
};

/** GET /crm/crm-classifications, /area-positions, /geographies, /offices, /industries, /professional, /languages. */
export const crmLookupQueryOptions = <K extends keyof LookupTypes>(name: K) =>
  queryOptions({
    queryKey: crmKeys.lookup(name),
    queryFn: () => {
      const lookup: (typeof LOOKUPS)[keyof typeof LOOKUPS] = LOOKUPS[name];
      return orEmpty(name, () => api(lookup) as Promise<LookupTypes[K][]>);
    },
    staleTime: 10 * 60_000,
  });
export const useCrmLookup = <K extends keyof LookupTypes>(name: K) => useQuery(crmLookupQueryOptions(name));

/** GET /crm/contactPerProject/{id}: the contacts already saved in the CRM for the project. */
export const crmContactsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: crmKeys.contacts(projectId),
    queryFn: () => orEmpty('CRM contacts', () => api(crm.projectContacts, { params: { id: projectId } })),
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
export const useCrmContacts = (projectId: number) => useQuery(crmContactsQueryOptions(projectId));

/** GET /crm/company/{clientId}: the client's company (economic group, industry). */
export const useCrmCompany = (clientId: number | null | undefined) =>
  useQuery({
    queryKey: crmKeys.company(clientId ?? 0),
    queryFn: async (): Promise<CrmCompany | null> => {
      try {
        return (await api(crm.company, { params: { clientId: clientId ?? 0 } })) ?? null;
      } catch (e) {
        console.error('Could not load the company', e);
        return null;
      }
    },
    enabled: !!clientId,
  });

/**
 * GET /api/project/{id}/stakeholders/sessions/{sessionId} for each session the caller may read: the portal's
 * stakeholders (002 §7), setup session first, one per name.
 */
export const usePortalContacts = (projectId: number, sessionIds: readonly number[], enabled: boolean) =>
  useQuery({
    queryKey: crmKeys.portal(projectId, sessionIds),
    queryFn: async () => {
      const lists = await Promise.all(
        sessionIds.map((sid) =>
          orEmpty('portal stakeholders', () =>
            api(sessionRecords.listStakeholders, { params: { id: projectId, sessionId: sid } }),
          ),
        ),
      );
      // one contact per person: the same name in several sessions is one stakeholder (the first session's row)
      const seen = new Set<string>();
      return lists.flat().filter((s) => {
        const name = s.name.trim().replace(/\s+/g, ' ').toLowerCase();
        return !seen.has(name) && !!seen.add(name);
      });
    },
    enabled,
  });
