import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/supervision (issue 24: moved here one by one). */
export const supervision = {} satisfies Record<string, EndpointDef>;
