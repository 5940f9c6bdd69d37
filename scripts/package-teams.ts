/**
 * Builds the Teams app package: fills the `${{VAR}}` placeholders of appPackage/manifest.json from
 * env/.env.<env> (+ env/.env.<env>.user, + the process environment), validates the manifest OFFLINE
 * against Microsoft's published JSON schema bundled in @microsoft/app-manifest, checks the icons, and
 * writes appPackage/build/appPackage.<env>.zip. Fails (exit 1) on any error.
 *
 *   npm run package                # env "dev"
 *   npm run package -- --env local
 */
import fs from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { AppManifestUtils } from '@microsoft/app-manifest';

export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trim().startsWith('#')) continue;
    out[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1');
  }
  return out;
}

export function loadEnv(envName: string, root = process.cwd()): Record<string, string> {
  const files = [`env/.env.${envName}`, `env/.env.${envName}.user`].map((f) => path.join(root, f));
  if (!fs.existsSync(files[0]!)) throw new Error(`missing ${path.relative(root, files[0]!)}`);
  const vars: Record<string, string> = {};
  for (const f of files) if (fs.existsSync(f)) Object.assign(vars, parseEnvFile(fs.readFileSync(f, 'utf8')));
  for (const k of Object.keys(vars)) if (process.env[k] !== undefined) vars[k] = process.env[k]!;
  return vars;
}

export function fillPlaceholders(template: string, vars: Record<string, string>): string {
  const missing = new Set<string>();
  const out = template.replace(/\$\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_, name: string) => {
    if (vars[name] === undefined) missing.add(name);
    return vars[name] ?? '';
  });
  if (missing.size) throw new Error(`placeholders without a value: ${[...missing].join(', ')}`);
  return out;
}

export function pngSize(buf: Buffer): { width: number; height: number; rgba: boolean } {
  if (buf.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20), rgba: buf[25] === 6 };
}

/** Validates a filled manifest; returns the list of problems (empty = valid). */
export async function validateManifest(manifest: any, root = process.cwd()): Promise<string[]> {
  const problems: string[] = [];
  if (!String(manifest.$schema ?? '').includes('/teams/v'))
    problems.push('$schema must name a Teams manifest schema');
  const failures = await AppManifestUtils.validateAgainstSchema(manifest);
  problems.push(...failures.map((f: unknown) => (typeof f === 'string' ? f : JSON.stringify(f))));
  const color = pngSize(fs.readFileSync(path.join(root, 'appPackage', manifest.icons.color)));
  if (color.width !== 192 || color.height !== 192)
    problems.push(`color icon must be 192×192, is ${color.width}×${color.height}`);
  const outlineBuf = fs.readFileSync(path.join(root, 'appPackage', manifest.icons.outline));
  const outline = pngSize(outlineBuf);
  if (outline.width !== 32 || outline.height !== 32)
    problems.push(`outline icon must be 32×32, is ${outline.width}×${outline.height}`);
  if (!outline.rgba) problems.push('outline icon must have a transparent background (RGBA)');
  return problems;
}

export async function buildPackage(envName: string, root = process.cwd()) {
  const vars = loadEnv(envName, root);
  const text = fillPlaceholders(fs.readFileSync(path.join(root, 'appPackage/manifest.json'), 'utf8'), vars);
  const manifest = JSON.parse(text);
  const problems = await validateManifest(manifest, root);
  if (problems.length) throw new Error(`manifest is not valid:\n - ${problems.join('\n - ')}`);
  const zip = new AdmZip();
  zip.addFile('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  zip.addFile(manifest.icons.color, fs.readFileSync(path.join(root, 'appPackage', manifest.icons.color)));
  zip.addFile(manifest.icons.outline, fs.readFileSync(path.join(root, 'appPackage', manifest.icons.outline)));
  const outDir = path.join(root, 'appPackage/build');
  fs.mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `appPackage.${envName}.zip`);
  zip.writeZip(out);
  fs.writeFileSync(path.join(outDir, `manifest.${envName}.json`), JSON.stringify(manifest, null, 2));
  return { out, manifest };
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const i = process.argv.indexOf('--env');
  const envName = i > 0 ? process.argv[i + 1]! : 'dev';
  buildPackage(envName)
    .then(({ out, manifest }) =>
      console.log(
        `Teams package ${path.relative(process.cwd(), out)} (manifest ${manifest.manifestVersion}, valid against the bundled schema)`,
      ),
    )
    .catch((e) => {
      console.error(`npm run package failed: ${(e as Error).message}`);
      process.exit(1);
    });
}
