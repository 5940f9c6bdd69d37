import { isImportKind, type ImportKind } from '@domain/contract/imports';
import { isMasterListKey } from '@domain/rules/master-lists';
import { masterKind } from './master';
import { professionalsKind } from './professionals';
import { projectsKind } from './projects';
import type { ImportKindModule } from './types';

/** The import kind named in a path, or undefined when there is none of that name. */
export function kindOf(kind: string): ImportKindModule | undefined {
  if (!isImportKind(kind)) return undefined;
  const k: ImportKind = kind;
  if (k === 'professionals') return professionalsKind;
  if (k === 'projects') return projectsKind;
  return isMasterListKey(k) ? masterKind(k) : undefined;
}
