import type { EndpointDef } from '../endpoint';
import { notifications } from './notifications';
import { outbox } from './outbox';

/**
 * Every endpoint of the portal's API, by area (issue 24): the server registers each route from its entry
 * (`on(app, endpoints.area.name, …)`, src/server/platform/endpoint.ts) and the web calls it with
 * `api(endpoints.area.name, …)` (src/web/api/endpoint.ts). tests/server/endpoints.test.ts keeps the table and
 * the registered routes equal. The web imports an area's file (`@domain/contract/endpoints/<area>`), never this
 * index: a screen's chunk then carries only its area's schemas.
 */
export const endpoints = {
  notifications,
  outbox,
};

/** The table as a list (the consistency test, the generated write-policy test). */
export const endpointList = (): { area: string; name: string; endpoint: EndpointDef }[] =>
  Object.entries(endpoints).flatMap(([area, group]) =>
    Object.entries(group as Record<string, EndpointDef>).map(([name, endpoint]) => ({
      area,
      name,
      endpoint,
    })),
  );
