import { createHash } from 'node:crypto';
import type { DB } from '../../db';
import { httpError } from '../../http';
import * as repo from './repo';

const PALETTE = [
  '#8c1c2b',
  '#0f6cbd',
  '#107c10',
  '#8764b8',
  '#c239b3',
  '#ca5010',
  '#038387',
  '#4f6bed',
  '#986f0b',
  '#5c2e91',
];

/** An initials avatar (SVG) in a colour derived from the name. */
export function initialsSvg(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const initials = (
    (parts[0]?.[0] ?? '?') + (parts.length > 1 ? parts[parts.length - 1]![0] : '')
  ).toUpperCase();
  const colour = PALETTE[createHash('md5').update(name).digest()[0]! % PALETTE.length];
  const safe = initials.replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${safe}"><rect width="96" height="96" fill="${colour}"/><text x="48" y="50" dy=".35em" text-anchor="middle" font-family="Segoe UI, sans-serif" font-size="38" fill="#fff">${safe}</text></svg>`;
}

export interface Avatar {
  contentType: string;
  body: Buffer | string;
}

/** The uploaded photo when the professional has one, otherwise generated initials; 404 for nobody. */
export async function avatar(db: DB, by: { login: string } | { guid: string }): Promise<Avatar> {
  const p = 'login' in by ? await repo.photoByLogin(db, by.login) : await repo.photoByGuid(db, by.guid);
  if (!p) throw httpError(404, 'No such person');
  if (p.photo && p.photoContentType) return { contentType: p.photoContentType, body: p.photo };
  return { contentType: 'image/svg+xml', body: initialsSvg(p.name) };
}
