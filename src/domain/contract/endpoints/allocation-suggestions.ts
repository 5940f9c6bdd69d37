import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/allocation-suggestions (issue 24: moved here one by one). */
export const allocationSuggestions = {} satisfies Record<string, EndpointDef>;
