import { useCallback, useMemo } from 'react';
import {
  canReadSessionRecords,
  canWorkOnSignedDocuments,
  directorCandidates,
  partnerCandidates,
} from '@domain/rules';
import type { TeamMember } from '@domain/contract';
import { useSetupAccess } from '@web/api/setup-access';
import { useCrmCompany, useCrmContacts, useCrmLookup, usePortalContacts } from './api/crm';
import type { ContactLookups } from './ContactDialog';
import { fromPortal, type CrmRow } from './model';

/** What identifies a team member in the CRM: the professional's e-mail. */
export const emailOf = (m: TeamMember) => m.professional.email ?? String(m.idProfessional);

/**
 * What the CRM tab reads (002 §2.6, §6, §7): the caller's rights (crmEdit: the project's team or an Admin,
 * mirrored by canWorkOnSignedDocuments), the team and its director / partner candidates, the portal's
 * stakeholders of the sessions the caller may read, the contacts saved in the CRM, the client's company and
 * the lookups of the Edit Stakeholder modal.
 */
export function useCrmData(projectId: number) {
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

  const saved = savedQ.data;
  const portalRows = portal.data;
  const languageNames = useMemo(() => (languages.data ?? []).map((l) => l.name), [languages.data]);

  /** The portal's stakeholders not saved in the CRM yet (002 §2.6), as rows. */
  const fresh = useCallback((): CrmRow[] => {
    const savedPortal = new Set((saved ?? []).map((c) => c.idOnPortal).filter((id) => id != null));
    return (portalRows ?? []).filter((p) => !savedPortal.has(p.id)).map((p) => fromPortal(p, languageNames));
  }, [saved, portalRows, languageNames]);

  const lookups: ContactLookups = {
    classifications: (classifications.data ?? []).filter((c) => c.stakeholderTypes.includes('CLIENT')),
    areaPositions: areaPositions.data ?? [],
    geographies: geographies.data ?? [],
    offices: offices.data ?? [],
    professionals: professionals.data ?? [],
    languages: languages.data ?? [],
  };

  return {
    isLoading: access.isLoading,
    project,
    canEdit,
    team,
    directors,
    partners,
    saved,
    portalRows,
    company: company.data,
    industries: industries.data ?? [],
    lookups,
    fresh,
    /** Everything the first build of the grid needs has arrived. */
    ready: !!project && !!saved && !!portalRows && !!languages.data,
  };
}

export type CrmData = ReturnType<typeof useCrmData>;
