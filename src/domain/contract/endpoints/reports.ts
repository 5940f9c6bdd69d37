import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/reports (issue 24: moved here one by one). */
export const reports = {} satisfies Record<string, EndpointDef>;
