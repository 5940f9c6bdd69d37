import { z } from 'zod';
import type { PersonPatch, PersonRecord } from '@domain/contract/people';
import type { FormOption } from '@web/ui/form';

/** The person's form (the page and the Add person dialog): the contract's fields as the form holds them. */
export const PersonForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'at most 200 characters'),
  email: z.string().trim().min(1, 'E-mail is required').email('must be a valid e-mail'),
  jobTitle: z.string().trim().max(200, 'at most 200 characters'),
  practiceId: z.number().nullable(),
  officeId: z.number().nullable(),
  positionId: z.number().nullable(),
  comanagementId: z.number().nullable(),
  businessUnits: z.array(z.string()),
  manualScopes: z.array(z.string()),
});
export type PersonFormValues = z.infer<typeof PersonForm>;

export const EMPTY_PERSON: PersonFormValues = {
  name: '',
  email: '',
  jobTitle: '',
  practiceId: null,
  officeId: null,
  positionId: null,
  comanagementId: null,
  businessUnits: [],
  manualScopes: [],
};

export const formValuesOf = (p: PersonRecord): PersonFormValues => ({
  name: p.name,
  email: p.email,
  jobTitle: p.jobTitle ?? '',
  practiceId: p.practiceId,
  officeId: p.officeId,
  positionId: p.positionId,
  comanagementId: p.comanagementId,
  businessUnits: [...p.businessUnits],
  manualScopes: [...p.manualScopes],
});

/** The value "none" of a select (Fluent's Dropdown holds strings; 0 is no id). */
export const NONE = 0;
const idOrNull = (v: number | null) => (v ? v : null);

/** The fields that differ from the loaded ones (the PATCH body); provisioned people send no owned field. */
export function changedFields(
  loaded: PersonFormValues,
  edited: PersonFormValues,
  provisioned: boolean,
): PersonPatch {
  const body: PersonPatch = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!provisioned) {
    if (edited.name.trim() !== loaded.name) body.name = edited.name.trim();
    if (edited.email.trim() !== loaded.email) body.email = edited.email.trim();
    if (edited.jobTitle.trim() !== loaded.jobTitle) body.jobTitle = edited.jobTitle.trim() || null;
  }
  for (const key of ['practiceId', 'officeId', 'positionId', 'comanagementId'] as const)
    if (idOrNull(edited[key]) !== loaded[key]) body[key] = idOrNull(edited[key]);
  if (!same([...edited.businessUnits].sort(), [...loaded.businessUnits].sort()))
    body.businessUnits = edited.businessUnits;
  if (!same([...edited.manualScopes].sort(), [...loaded.manualScopes].sort()))
    body.manualScopes = edited.manualScopes as PersonPatch['manualScopes'];
  return body;
}

/** Options of a select: "None", the active items, and the one the person holds when it was deactivated since. */
export function optionsOf(
  items: { ID: number; Name: string }[] | undefined,
  held?: { id: number | null; name: string | null },
): FormOption[] {
  const list = (items ?? []).map((x) => ({ value: x.ID, label: x.Name }));
  if (held?.id && !list.some((o) => o.value === held.id))
    list.push({ value: held.id, label: `${held.name ?? held.id} (deactivated)` });
  return [{ value: NONE, label: 'None' }, ...list];
}

/** Options of the business units: the active ones and those the person holds. */
export function unitOptions(
  items: { Name: string }[] | undefined,
  held: readonly string[] = [],
): FormOption[] {
  const names = (items ?? []).map((x) => x.Name);
  for (const h of held) if (!names.includes(h)) names.push(h);
  return names.map((n) => ({ value: n, label: n }));
}

/** Their values with the fields edited (differing from the loaded ones) over them. */
export function mergeEdits(
  loaded: PersonFormValues,
  edited: PersonFormValues,
  theirs: PersonFormValues,
): PersonFormValues {
  const out = { ...theirs } as Record<keyof PersonFormValues, unknown>;
  for (const key of Object.keys(loaded) as (keyof PersonFormValues)[])
    if (JSON.stringify(loaded[key]) !== JSON.stringify(edited[key])) out[key] = edited[key];
  return out as PersonFormValues;
}
