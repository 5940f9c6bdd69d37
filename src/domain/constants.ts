/** Every number of the spec's "Business constants and limits" sections (000 §9, 001 §9, 002 §9), named. */

export const PRODUCT_NAME = 'Project Portal';

// 000 §9
export const TOAST_LIFETIME_MS = 3000;
export const KPI_REFRESH_MS = 5000;
export const AUTOSAVE_DELAY_MS = 3000;
export const MOBILE_BREAKPOINT_PX = 768;
export const BRAZIL_GEOGRAPHIC_ID = 223;
export const PROJECT_STATUS_IDS = [1, 2, 3, 4, 5, 6] as const;
export const TOOLKIT_STATUS_IDS = [0, 1, 2, 3] as const;
export const OVERVIEW_PANEL_WIDTH_PERCENT = 25;
export const OVERVIEW_PANEL_MAX_WIDTH_PX = 500;
export const OVERVIEW_PANEL_COLLAPSED_PX = 80;
export const MENU_EXPANDED_PX = 240;
export const MENU_COLLAPSED_PX = 80;
export const CONTENT_MAX_WIDTH_PX = 1400;
export const TEAM_PANEL_SCROLL_PX = 180;
export const DATE_FORMAT = 'dd-MMM-yyyy';
export const SETUP_STATUS_ID = 2;
export const TOOLKIT_DOT_PX = 35;
export const TOOLKIT_STATUS_COLUMN_WIDTH = 120;

// 001 §9
export const ALLOCATION_DAYS = { min: 0, max: 5, step: 0.5, quarterStep: 0.25 } as const;
export const PRACTICE_ID_QUARTER_STEPS = 7;
export const FEEDBACK_AUTOSAVE_MS = 1000;
export const PAGE_SIZE_SESSION_GRIDS = 8; // stakeholders, roles, expectations, deliverables
export const PAGE_SIZE_DNA_ENTRIES = 10;
export const RATING_MIN = 1;
export const RATING_MAX = 10;
export const STAKEHOLDER_STATUS_IDS = [1, 2, 3, 4, 5] as const;
export const DURING_TYPE_IDS = [1, 2, 3] as const;
export const PRESENCE_TYPES = ['Physical', 'Call', 'VC', 'Not Present'] as const;
export const POSITION_COUNT = 45;
export const ONE_PAGE_DATE_FORMAT = 'dd MMM yyyy';
export const TEAM_AVATARS_SHOWN = 6;
export const SEARCH_PANEL_WIDTH_PX = 250;
export const TUTORIAL_VIDEO_COUNT = 4; // three path tutorials + the file creation tutorial

// 002 §9
export const ONE_PAGE_AUTOSAVE_MS = 1000;
export const CRM_DRAFT_DEBOUNCE_MS = 1000;
export const CRM_DRAFT_PERIODIC_MS = 5000;
export const CRM_DRAFT_EXPIRY_MS = 86_400_000;
export const CRM_GRID_PAGE_SIZE = 5;
export const CRM_GRID_SCROLL_WIDTH_PX = 1800;
export const CRM_EDIT_MODAL_WIDTH_PX = 1100;
export const CRM_CONFIRM_MODAL_WIDTH_PX = 500;
export const CRM_NEW_CONTACT_NOTICE_MS = 5000;
export const PHONE_MAX_LENGTH = 20;
export const PHONE_MAX_GROUPS = 3;
export const PROJECT_SUMMARY_MAX = 500;
export const BIRTH_DAY_MAX = 31;
export const BIRTH_MONTH_MAX = 12;
export const EXCLUDED_METHODOLOGY_IDS = [0, 13, 15, 37, 47, 48, 49, 50, 76] as const;
export const CLOSURE_STEPS = [1, 2, 3, 4] as const;
export const RECIPIENTS_SCROLL_PX = 240;
export const PROBLEM_LEVEL_IDS = [0, 1, 2, 3] as const;
export const ENVIRONMENT_STATUS_IDS = [1, 2, 3] as const;
export const ALLOCATION_STATUS_IDS = [0, 1, 2, 3, 4, 5, 6] as const;
export const DASHBOARD_TILES = ['Current Week', 'First Allocation', 'Sales Margin', 'Target'] as const;

// Scopes (000 §6)
export const SCOPES = {
  admin: 'API.Portal.Admin',
  idOne: 'API.Portal.IDOne',
  knw: 'API.Portal.KNW',
  onePage: 'API.Portal.OnePage',
  pdc: 'API.Portal.PDC',
} as const;
/** The Admin menu group and admin data: Admin, IDOne, KNW or PDC. */
export const ADMIN_MENU_SCOPES = [SCOPES.admin, SCOPES.idOne, SCOPES.knw, SCOPES.pdc] as const;

// Label maps
export type StatusColour = 'green' | 'yellow' | 'red' | 'blue' | 'grey';

/**
 * The project statuses: names, the admin grids' labels, the icons' tooltips, and the colour in the portal's status
 * palette (the web's status icons tint the same hues — Draft neutral, Setup blue, During green, Closure marigold,
 * Finished dark green, Paused red; the Teams card colours its text with it).
 */
export const PROJECT_STATUS: Record<
  number,
  { name: string; adminLabel: string; tooltip: string; colour: StatusColour }
> = {
  1: { name: 'Draft', adminLabel: 'Draft', tooltip: 'Project Draft', colour: 'grey' },
  2: { name: 'Setup', adminLabel: 'Setup', tooltip: 'Project Setup', colour: 'blue' },
  3: { name: 'During', adminLabel: 'During', tooltip: 'Project During', colour: 'green' },
  4: { name: 'Closure', adminLabel: 'Closure', tooltip: 'Project Closure', colour: 'yellow' },
  5: { name: 'Finished', adminLabel: 'Closed', tooltip: 'Project Finished', colour: 'green' },
  6: { name: 'Paused', adminLabel: 'Paused', tooltip: 'Project Paused', colour: 'red' },
};

export const TOOLKIT_STATUS: Record<number, { label: string; colour: StatusColour }> = {
  0: { label: 'Draft', colour: 'grey' },
  1: { label: 'Request', colour: 'yellow' },
  2: { label: 'Approved', colour: 'green' },
  3: { label: 'Not Approved', colour: 'red' },
};
export const TOOLKIT_STATUS_OTHER = { label: 'Pending', colour: 'yellow' as StatusColour };
export const TOOLKIT_EDIT_OPTIONS = [
  { id: 1, label: 'Pending' },
  { id: 2, label: 'Approved' },
  { id: 3, label: 'Not Approved' },
] as const;

export const SIGNED_STATUS: Record<string, { colour: StatusColour; label: string }> = {
  draft: { colour: 'grey', label: 'Draft' },
  sent: { colour: 'blue', label: 'Sent to sign' },
  completed: { colour: 'green', label: 'Completed' },
  declined: { colour: 'red', label: 'Declined (contact Legal for more details)' },
  deleted: { colour: 'red', label: 'Deleted (contact Legal for more details)' },
};

export const STAKEHOLDER_STATUS: Record<number, { label: string; colour: StatusColour }> = {
  1: { label: 'Green', colour: 'green' },
  2: { label: 'Yellow', colour: 'yellow' },
  3: { label: 'Red', colour: 'red' },
  4: { label: 'Blue', colour: 'blue' },
  5: { label: 'Legacy', colour: 'grey' },
};

export const DURING_TYPES: Record<number, string> = { 1: 'Normal', 2: 'Internal', 3: 'Ad Hoc' };
export const ALLOCATION_STATUS: Record<number, string> = {
  0: 'Unset',
  1: 'Ad Hoc',
  2: 'Closed',
  3: 'Considered',
  4: 'No Points',
  5: 'Not Submitted',
  6: 'Written not Submitted',
};
export const PROBLEM_LEVEL: Record<number, { label: string; colour: StatusColour }> = {
  0: { label: 'Not Submitted', colour: 'grey' },
  1: { label: 'Green', colour: 'green' },
  2: { label: 'Yellow', colour: 'yellow' },
  3: { label: 'Red', colour: 'red' },
};
export const CHECKLIST_VALUES: Record<number, string> = { 0: 'Not Applicable', 1: 'Pending', 2: 'Done' };
