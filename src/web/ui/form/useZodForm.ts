import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * The message of a missing value where the schema has no message of its own (zod's "Invalid input: expected
 * number, received undefined"); the field components show it as "<Label> is required".
 */
export const REQUIRED = 'Required';

const missing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Per-parse zod error map: only replaces zod's default text of a missing value; the contract's own messages win. */
export const requiredErrorMap = (issue: { code?: string; input?: unknown }) =>
  (issue.code === 'invalid_type' || issue.code === 'too_small') && missing(issue.input)
    ? REQUIRED
    : undefined;

export type ZodFormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * react-hook-form over a zod schema (the contract's body schema where one exists, so messages come from the
 * contract): validates on submit, then again on each change; `handleSubmit` receives the parsed output.
 */
export function useZodForm<S extends ZodFormSchema>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {},
) {
  const resolver = zodResolver(schema as never, { error: requiredErrorMap } as never) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver,
    defaultValues: defaults,
  });
}
