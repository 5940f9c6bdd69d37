import { IdParam } from '@domain/contract/params';

/** Path parameter schemas: the domain's (the endpoint table uses them; routes still outside it import them here). */
export { IdParam, IdParams, ProjectIdParams, SmallParam } from '@domain/contract/params';

/**
 * The id a text names by IdParam's rule (a canonical positive integer within PostgreSQL's `integer` range), or
 * undefined: for ids that come in other than as path parameters (ETags, links).
 */
export function parseId(text: string | number | undefined): number | undefined {
  if (text === undefined) return undefined;
  const r = IdParam.safeParse(String(text));
  return r.success ? r.data : undefined;
}
