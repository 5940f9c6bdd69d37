import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/weekly-status (issue 24: moved here one by one). */
export const weeklyStatus = {} satisfies Record<string, EndpointDef>;
