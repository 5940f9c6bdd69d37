/**
 * The project's During sessions (001 §7 "Sessions"): the list (non-setup, newest first), one session with its
 * version, POST, PUT (the session's fields, merged by the server), PATCH (one text field), DELETE, and submit /
 * undo (PATCH …/submit, …/unsubmit). Answers go into the cache: the list's row and the session's record.
 */
export const sessionKeys = {
  all: (projectId: number) => ['project-sessions', projectId] as const,
  list: (projectId: number) => [...sessionKeys.all(projectId), 'list'] as const,
  one: (projectId: number, sessionId: number) => [...sessionKeys.all(projectId), 'one', sessionId] as const,
};
