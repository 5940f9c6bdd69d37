/**
 * The generated endpoint files (src/web/api/endpoints, `npm run api:routes`) write each entry as one string:
 * `'<METHOD> <path>[ <status>][ file][ multipart]'`. `routes` turns them into the entries `api(entry, …)` calls
 * (method and path at run time), typed as the domain's table (its schemas' types at compile time).
 */
export interface Route {
  method: string;
  path: string;
  status?: number;
  file?: true;
  multipart?: true;
}

export function parseRoute(spec: string): Route {
  const [method, path, ...flags] = spec.split(' ');
  if (!method || !path) throw new Error(`not a route: ${spec}`);
  const route: Route = { method, path };
  for (const flag of flags) {
    if (flag === 'file') route.file = true;
    else if (flag === 'multipart') route.multipart = true;
    else if (/^\d{3}$/.test(flag)) route.status = Number(flag);
    else throw new Error(`${spec}: unknown flag ${flag}`);
  }
  return route;
}

export function routes<Table>(specs: Record<keyof Table, string>): Table {
  return Object.fromEntries(
    Object.entries<string>(specs).map(([name, spec]) => [name, parseRoute(spec)]),
  ) as Table;
}
