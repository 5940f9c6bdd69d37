import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/setup (issue 24: moved here one by one). */
export const setup = {} satisfies Record<string, EndpointDef>;
