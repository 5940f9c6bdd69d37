import fs from 'node:fs';
import path from 'node:path';

/**
 * The server modules' import graph: no cycle between modules (a file of one module importing a
 * file of another is an edge between the two). eslint.config.js says which files a module may import of another
 * (its service or types); this test says the modules, taken together, depend on each other in one direction.
 */

const root = path.resolve(__dirname, '../..');
const modulesDir = path.join(root, 'src/server/modules');

/** Every .ts file under a folder. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module (folder under src/server/modules) an import of `file` names, or undefined when it names none. */
function moduleOf(file: string, spec: string): string | undefined {
  let target: string;
  if (spec.startsWith('@server/')) target = path.join(root, 'src/server', spec.slice('@server/'.length));
  else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
  else return undefined;
  const rel = path.relative(modulesDir, target);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined; // modules/index.ts belongs to none
}

/** module → the other modules it imports (with one importing file and specifier a module, for the message). */
function moduleGraph() {
  const graph = new Map<string, Map<string, string>>();
  for (const file of filesUnder(modulesDir)) {
    const from = path.relative(modulesDir, file).split(path.sep);
    if (from.length < 2) continue;
    const own = from[0]!;
    const edges = graph.get(own) ?? new Map<string, string>();
    graph.set(own, edges);
    const source = fs.readFileSync(file, 'utf8');
    for (const m of source.matchAll(SPECIFIER)) {
      const spec = (m[1] ?? m[2])!;
      const to = moduleOf(file, spec);
      if (to && to !== own && !edges.has(to)) edges.set(to, `${from.join('/')} → '${spec}'`);
    }
  }
  return graph;
}

/** The cycles of the graph, each once (Tarjan's strongly connected components of more than one module). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

describe('server module graph', () => {
  const graph = moduleGraph();

  it('reads the modules and their imports of each other', () => {
    expect(graph.size).toBeGreaterThan(20);
    // a known edge: the one-pages module builds the dashboard of a submitted one-page
    expect([...(graph.get('one-pages')?.keys() ?? [])]).toContain('dashboards');
  });

  it('has no import cycle between modules', () => {
    const described = cycles(graph).map((c) =>
      c.flatMap((a) => c.filter((b) => graph.get(a)?.has(b)).map((b) => graph.get(a)!.get(b)!)).join('; '),
    );
    expect(described).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a', new Map([['b', 'a → b']])],
      ['b', new Map([['c', 'b → c']])],
      ['c', new Map([['a', 'c → a']])],
      ['d', new Map([['a', 'd → a']])],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
  });
});
