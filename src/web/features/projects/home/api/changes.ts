import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { projects } from '@web/api/endpoints/projects';
import { api } from '@web/api/endpoint';
import { projectScreenKeys } from '../../api/keys';

/** Entries per request of the history ("Show more" asks for the next ones). */
export const CHANGES_PAGE = 50;

/** GET /api/projects/{id}/changes?take=50&skip=n: the project's history, newest first, page by page. */
export const projectChangesQueryOptions = (projectId: number) =>
  infiniteQueryOptions({
    queryKey: projectScreenKeys.changes(projectId),
    queryFn: ({ pageParam }) =>
      api(projects.changes, { params: { id: projectId }, query: { take: CHANGES_PAGE, skip: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < CHANGES_PAGE ? undefined : pages.reduce((n, p) => n + p.length, 0),
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
export const useProjectChanges = (projectId: number, enabled = true) =>
  useInfiniteQuery({ ...projectChangesQueryOptions(projectId), enabled: enabled && projectId > 0 });
