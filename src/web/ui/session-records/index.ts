/**
 * The grids of a session's records (001 §2, §3), shared by the Setup pages and the Project Session dialogs.
 * Imported as `@web/ui/session-records` (not re-exported from `@web/ui`: they bring the session queries).
 */
export * from './RecordsGrid';
export * from './TechGrids';
export * from './PeopleGrids';
