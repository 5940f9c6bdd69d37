import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/session-records (issue 24: moved here one by one). */
export const sessionRecords = {} satisfies Record<string, EndpointDef>;
