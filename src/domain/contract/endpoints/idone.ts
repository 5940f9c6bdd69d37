import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/idone (issue 24: moved here one by one). */
export const idone = {} satisfies Record<string, EndpointDef>;
