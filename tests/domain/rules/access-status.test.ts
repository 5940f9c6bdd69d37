import { describe, expect, it } from 'vitest';
import { canSeeAdmin, hasAnyScope, isAdmin, isGovernance, teamRole } from '@domain/rules/access';
import {
  ADMIN_SETTABLE_STATUSES,
  canForward,
  canSetStatusDirectly,
  checkForward,
  nextStatus,
} from '@domain/rules/project-status';

const u = (scopes: string[], professionalId = 99) => ({ scopes, professionalId });
const TEAM = [
  { idProfessional: 6, isManager: true, isPartner: false },
  { idProfessional: 7, isManager: false, isPartner: true },
  { idProfessional: 9, isManager: false, isPartner: false, isOnePageAllow: true },
];

describe('access', () => {
  it.each([
    ['API.Portal.Admin', true],
    ['API.Portal.IDOne', true],
    ['API.Portal.KNW', true],
    ['API.Portal.PDC', true],
    ['API.Portal.OnePage', false],
  ])('the Admin group for %s is %s', (scope, visible) => {
    expect(canSeeAdmin(u([scope]))).toBe(visible);
  });
  it('no scopes, no session: no admin', () => {
    expect(canSeeAdmin(u([]))).toBe(false);
    expect(canSeeAdmin(undefined)).toBe(false);
    expect(hasAnyScope(undefined, ['x'])).toBe(false);
  });
  it('admin and governance', () => {
    expect(isAdmin(u(['API.Portal.Admin']))).toBe(true);
    expect(isAdmin(u(['API.Portal.KNW']))).toBe(false);
    expect(isGovernance(u(['API.Portal.OnePage']))).toBe(true);
    expect(isGovernance(u(['API.Portal.Admin']))).toBe(false);
  });
  it('team roles', () => {
    expect(teamRole(TEAM, 6)).toEqual({
      isMember: true,
      isManager: true,
      isPartner: false,
      isOnePageAllow: false,
    });
    expect(teamRole(TEAM, 7)).toMatchObject({ isMember: true, isPartner: true });
    expect(teamRole(TEAM, 9)).toMatchObject({
      isMember: true,
      isManager: false,
      isPartner: false,
      isOnePageAllow: true,
    });
    expect(teamRole(TEAM, 1)).toEqual({
      isMember: false,
      isManager: false,
      isPartner: false,
      isOnePageAllow: false,
    });
  });
});

describe('project status lifecycle', () => {
  it('forward is one step: 1→2→3→4→5, none at 5 or 6', () => {
    expect([1, 2, 3, 4, 5, 6].map(nextStatus)).toEqual([2, 3, 4, 5, null, null]);
    expect(nextStatus(0)).toBeNull();
  });
  it.each([
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 5],
  ])('allows %i → %i when nothing blocks', (from, to) => {
    expect(checkForward({ from, to, missingAssessmentNames: '', closeOutComplete: true })).toEqual({
      ok: true,
    });
  });
  it('refuses skipped steps and going backwards', () => {
    expect(checkForward({ from: 1, to: 3 })).toMatchObject({ ok: false, reason: 'skip' });
    expect(checkForward({ from: 3, to: 2 })).toMatchObject({ ok: false, reason: 'skip' });
    expect(checkForward({ from: 2, to: 2 })).toMatchObject({ ok: false, reason: 'skip' });
  });
  it('refuses forwarding a finished or paused project', () => {
    expect(checkForward({ from: 5, to: 6 })).toMatchObject({ ok: false, reason: 'final' });
    expect(checkForward({ from: 6, to: 7 })).toMatchObject({ ok: false, reason: 'final' });
  });
  it('blocks 3→4 while assessments are missing, naming the people', () => {
    const r = checkForward({ from: 3, to: 4, missingAssessmentNames: 'Ivan Ito' });
    expect(r).toMatchObject({ ok: false, reason: 'missing-assessments' });
    expect(r.ok === false && r.message).toContain('Ivan Ito');
    expect(r.ok === false && r.message).toContain(
      'All Interns, Analysts, Consultants and Specialists must fulfil their assessments',
    );
    expect(checkForward({ from: 3, to: 4, missingAssessmentNames: '   ' })).toEqual({ ok: true });
    expect(checkForward({ from: 3, to: 4, missingAssessmentNames: null })).toEqual({ ok: true });
  });
  it('blocks 4→5 only when the close-out flag is explicitly false', () => {
    expect(checkForward({ from: 4, to: 5, closeOutComplete: false })).toEqual({
      ok: false,
      reason: 'close-out-incomplete',
      message: 'Complete the Close-out Form to Finish the Project',
    });
    expect(checkForward({ from: 4, to: 5, closeOutComplete: undefined })).toEqual({ ok: true });
    expect(checkForward({ from: 4, to: 5, closeOutComplete: null })).toEqual({ ok: true });
    // the missing assessments only matter for 3→4
    expect(
      checkForward({ from: 4, to: 5, missingAssessmentNames: 'Ivan Ito', closeOutComplete: true }),
    ).toEqual({ ok: true });
  });
  it('manager, partner and Admin may forward; members, outsiders and other scopes may not', () => {
    expect(canForward({ scopes: [], professionalId: 6 }, TEAM)).toBe(true);
    expect(canForward({ scopes: [], professionalId: 7 }, TEAM)).toBe(true);
    expect(canForward({ scopes: ['API.Portal.Admin'], professionalId: 1 }, TEAM)).toBe(true);
    expect(canForward({ scopes: [], professionalId: 9 }, TEAM)).toBe(false);
    expect(canForward({ scopes: [], professionalId: 11 }, TEAM)).toBe(false);
    expect(canForward({ scopes: ['API.Portal.OnePage', 'API.Portal.KNW'], professionalId: 2 }, TEAM)).toBe(
      false,
    );
  });
  it('only Admin sets the status directly, to Setup, During, Closure, Closed or Paused', () => {
    expect(canSetStatusDirectly({ scopes: ['API.Portal.Admin'] })).toBe(true);
    expect(canSetStatusDirectly({ scopes: ['API.Portal.PDC'] })).toBe(false);
    expect([...ADMIN_SETTABLE_STATUSES]).toEqual([2, 3, 4, 5, 6]);
  });
});
