import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { configurationDoc, CONFIGURATION_DOC } from '../../scripts/configuration-doc';

const README = 'README.md';
const README_MAX_BYTES = 15 * 1024;
const documents = [
  README,
  ...fs
    .readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Relative link targets of a Markdown file (`[text](target)`, images too), code spans and blocks left out. */
function relativeLinks(file: string): string[] {
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  const targets = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'));
}

describe('documentation', () => {
  it(`README.md stays at most ${README_MAX_BYTES} bytes (the rest lives in docs/)`, () => {
    expect(fs.statSync(README).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it("the link check reads the README's links (docs, images)", () => {
    const links = relativeLinks(README);
    expect(links).toContain('docs/architecture.md');
    expect(links.some((l) => l.startsWith('docs/images/'))).toBe(true);
  });

  it.each(documents)('every relative link in %s points at a file that exists', (file) => {
    const missing = relativeLinks(file)
      .map((t) => decodeURI(t.split('#')[0]!))
      .filter((t) => t && !fs.existsSync(path.resolve(path.dirname(file), t)));
    expect(missing).toEqual([]);
  });

  it.each(documents)(
    '%s describes the product, not how the work was organised (no "stop N", "issue N")',
    (file) => {
      const text = fs.readFileSync(file, 'utf8');
      expect(text.match(/\b(stop|issue) \d+\b.*$/gim) ?? []).toEqual([]);
    },
  );

  it('docs/configuration.md is what the configuration schema generates (npm run docs:config)', async () => {
    expect(fs.readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(await configurationDoc());
  });
});
