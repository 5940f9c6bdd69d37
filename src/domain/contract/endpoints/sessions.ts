import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/sessions (issue 24: moved here one by one). */
export const sessions = {} satisfies Record<string, EndpointDef>;
