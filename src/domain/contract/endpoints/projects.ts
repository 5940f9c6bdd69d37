import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/projects (issue 24: moved here one by one). */
export const projects = {} satisfies Record<string, EndpointDef>;
