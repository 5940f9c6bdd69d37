import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/master (issue 24: moved here one by one). */
export const master = {} satisfies Record<string, EndpointDef>;
