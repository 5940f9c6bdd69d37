import { describe, expect, it } from 'vitest';
import {
  ClosureInternalFormPatchBody,
  DashboardAccessBulk,
  OnePagePatch,
  ProjectMetadataPut,
  ProjectToolkitCreate,
  Recipient,
  SetupAssessment,
  SignInRequest,
  StatusChange,
  Stakeholder,
  TrainingDevelopmentPatch,
  ProjectAllocationReportQuery,
} from '@domain/contract';
import * as constants from '@domain/constants';

const message = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? '' : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

describe('contract', () => {
  it('sign-in body must list portal', () => {
    expect(SignInRequest.safeParse({ scopes: ['portal'] }).success).toBe(true);
    expect(message(SignInRequest.safeParse({ scopes: ['other'] }))).toMatch(/scopes: must contain portal/);
    expect(message(SignInRequest.safeParse({}))).toMatch(/scopes/);
  });

  it('status change accepts 1 to 6 only', () => {
    expect(StatusChange.safeParse({ idStatus: 4 }).success).toBe(true);
    for (const bad of [0, 7, 2.5, '4', null])
      expect(message(StatusChange.safeParse({ idStatus: bad }))).toMatch(/idStatus/);
  });

  it('single-field patches accept exactly one known field with the right type and name the field otherwise', () => {
    expect(TrainingDevelopmentPatch.parse({ tdOportunity: true })).toEqual({ tdOportunity: true });
    expect(TrainingDevelopmentPatch.parse({ text: 'ok' })).toEqual({ text: 'ok' });
    expect(message(TrainingDevelopmentPatch.safeParse({ tdOportunity: 'yes' }))).toMatch(/^tdOportunity: /);
    expect(message(TrainingDevelopmentPatch.safeParse({ tdOportunity: true, text: 'x' }))).toMatch(
      /exactly one field/,
    );
    expect(message(TrainingDevelopmentPatch.safeParse({ other: 1 }))).toMatch(/^other: unknown field/);
    expect(message(TrainingDevelopmentPatch.safeParse({}))).toMatch(/exactly one field/);
    expect(ProjectMetadataPut.parse({ idDuringType: 3 })).toEqual({ idDuringType: 3 });
    expect(message(ProjectMetadataPut.safeParse({ idDuringType: 4 }))).toMatch(/idDuringType/);
    expect(message(OnePagePatch.safeParse({ solutionReadiness: 5 }))).toMatch(/solutionReadiness/);
    expect(message(ClosureInternalFormPatchBody.safeParse({ formMiniCaseComment: 'x'.repeat(501) }))).toMatch(
      /500 characters maximum/,
    );
  });

  it('toolkit add sends idStatus 0 unless set', () => {
    expect(ProjectToolkitCreate.parse({ idToolkit: 3 })).toEqual({ idToolkit: 3, idStatus: 0 });
    expect(message(ProjectToolkitCreate.safeParse({ idToolkit: 3, idStatus: 4 }))).toMatch(/idStatus/);
  });

  it('validation messages of the spec', () => {
    expect(message(Stakeholder.safeParse({ name: '  ' }))).toMatch(/Stakeholder name is required/);
    expect(message(Recipient.safeParse({ name: 'A', email: 'not-an-email' }))).toMatch(
      /email: must be a valid e-mail/,
    );
    expect(message(Recipient.safeParse({ name: '', email: 'a@b.co' }))).toMatch(/Recipient name is required/);
    expect(
      message(
        SetupAssessment.safeParse({
          rating: 11,
          ratingDescription: null,
          watchedToolkit: 1,
          doYouFeelComfortable: 1,
          howCouldBeenDoneBetter: null,
        }),
      ),
    ).toMatch(/Rating is 1 to 10/);
    expect(message(DashboardAccessBulk.safeParse({ IDProject: 1, ProfessionalIds: [] }))).toMatch(
      /No professionals selected - Please select at least one professional to add./,
    );
    expect(
      message(ProjectAllocationReportQuery.safeParse({ startDate: '2026-02-01', endDate: '2026-01-01' })),
    ).toMatch(/end date cannot be earlier/);
  });

  it('names the constants of the spec', () => {
    expect(constants.TOAST_LIFETIME_MS).toBe(3000);
    expect(constants.KPI_REFRESH_MS).toBe(5000);
    expect(constants.AUTOSAVE_DELAY_MS).toBe(3000);
    expect(constants.ONE_PAGE_AUTOSAVE_MS).toBe(1000);
    expect(constants.MOBILE_BREAKPOINT_PX).toBe(768);
    expect(constants.BRAZIL_GEOGRAPHIC_ID).toBe(223);
    expect([
      constants.OVERVIEW_PANEL_WIDTH_PERCENT,
      constants.OVERVIEW_PANEL_MAX_WIDTH_PX,
      constants.OVERVIEW_PANEL_COLLAPSED_PX,
    ]).toEqual([25, 500, 80]);
    expect([
      constants.MENU_EXPANDED_PX,
      constants.MENU_COLLAPSED_PX,
      constants.CONTENT_MAX_WIDTH_PX,
      constants.TEAM_PANEL_SCROLL_PX,
    ]).toEqual([240, 80, 1400, 180]);
    expect([...constants.EXCLUDED_METHODOLOGY_IDS]).toEqual([0, 13, 15, 37, 47, 48, 49, 50, 76]);
    expect(constants.CRM_DRAFT_EXPIRY_MS).toBe(86_400_000);
    expect(constants.PROJECT_STATUS[5]).toEqual({
      name: 'Finished',
      adminLabel: 'Closed',
      tooltip: 'Project Finished',
      colour: 'green',
    });
    expect(constants.POSITION_COUNT).toBe(45);
  });
});
