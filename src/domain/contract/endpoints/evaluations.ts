import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/evaluations (issue 24: moved here one by one). */
export const evaluations = {} satisfies Record<string, EndpointDef>;
