/**
 * Autosave: the hook, its save state, the conflict bar and the text field live in `./autosave`.
 * Rich text is its own module, `@web/ui/rich-text` (lazy; never exported from `@web/ui`).
 */
export * from './autosave';
