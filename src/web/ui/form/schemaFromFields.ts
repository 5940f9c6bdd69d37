import { z } from 'zod';
import type { FormField } from './types';

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The schema of a FormDialog described only by its fields: required, number, min and max, with the messages
 * "<Label> is required", "<Label> must be a number", "<Label> must be at least N", "<Label> must be at most N".
 * Other keys of the values pass through untouched.
 */
export function schemaFromFields<T>(fields: readonly FormField<T>[]) {
  return z.looseObject({}).superRefine((values, ctx) => {
    for (const f of fields) {
      const v = (values as Record<string, unknown>)[f.key];
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [f.key], message });
      if (f.required && empty(v)) {
        issue(`${f.label} is required`);
        continue;
      }
      if (f.type !== 'number' || empty(v)) continue;
      const n = Number(v);
      if (Number.isNaN(n)) issue(`${f.label} must be a number`);
      else if (f.min !== undefined && n < f.min) issue(`${f.label} must be at least ${f.min}`);
      else if (f.max !== undefined && n > f.max) issue(`${f.label} must be at most ${f.max}`);
    }
  });
}
