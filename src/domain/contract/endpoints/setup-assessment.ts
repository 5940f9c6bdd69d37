import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/setup-assessment (issue 24: moved here one by one). */
export const setupAssessment = {} satisfies Record<string, EndpointDef>;
