import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/toolkits (issue 24: moved here one by one). */
export const toolkits = {} satisfies Record<string, EndpointDef>;
