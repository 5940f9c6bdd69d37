/**
 * The form kit: react-hook-form + zod (the contract's schemas) rendering Fluent Fields. Imported as
 * `@web/ui/form` by the screens that need it (never re-exported from `@web/ui`: it stays out of the first screen).
 */
export * from './useZodForm';
export * from './fields';
export * from './FormMultiSelect';
export * from './FormMultiCombobox';
export * from './FormFieldFor';
export * from './schemaFromFields';
export * from './FormDialog';
export type * from './types';
