/** Query keys of project data live with the shared entity queries. */
export { projectKeys } from '@web/api/projects';
