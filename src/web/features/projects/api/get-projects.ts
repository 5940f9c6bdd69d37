export { projectsQueryOptions, useProjects, type ProjectListItem } from '@web/api/projects';
