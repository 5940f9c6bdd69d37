import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_versions';
import * as m0003 from './0003_files';
import * as m0004 from './0004_jobs';
import * as m0005 from './0005_project_changes';
import * as m0006 from './0006_one_page_weeks';
import * as m0007 from './0007_signatures';
import * as m0008 from './0008_closure_internal_files';
import * as m0009 from './0009_dashboard_mail';
import * as m0010 from './0010_supervision_indexes';
import * as m0011 from './0011_report_jobs';
import * as m0012 from './0012_shared_state';
import * as m0013 from './0013_teams_reach';
import * as m0014 from './0014_grid_preferences';
import * as m0015 from './0015_people';
import * as m0016 from './0016_master_admin';
import * as m0017 from './0017_imports';
import * as m0019 from './0019_master_versions';
import * as m0020 from './0020_one_page_carried_fields';

/** Every migration, in order (names sort lexically). */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_versions': m0002,
  '0003_files': m0003,
  '0004_jobs': m0004,
  '0005_project_changes': m0005,
  '0006_one_page_weeks': m0006,
  '0007_signatures': m0007,
  '0008_closure_internal_files': m0008,
  '0009_dashboard_mail': m0009,
  '0010_supervision_indexes': m0010,
  '0011_report_jobs': m0011,
  '0012_shared_state': m0012,
  '0013_teams_reach': m0013,
  '0014_grid_preferences': m0014,
  '0015_people': m0015,
  '0016_master_admin': m0016,
  '0017_imports': m0017,
  '0019_master_versions': m0019,
  '0020_one_page_carried_fields': m0020,
};
