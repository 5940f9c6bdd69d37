/**
 * Rich text: its own module path (`@web/ui/rich-text`), imported only by the screens that edit or show rich
 * text — never re-exported from `@web/ui`. The Lexical editor itself loads lazily with the first editor shown.
 */
import { lazy } from 'react';

export { AutosaveRichTextField, type AutosaveRichTextFieldProps } from './AutosaveRichTextField';
export { RichTextView, type RichTextViewProps } from './RichTextView';
export { sanitizeRichTextHtml } from './sanitize';
export * from './allowlist';
export type { RichTextEditorProps } from './RichTextEditor';

/** The bare editor (HTML in/out), lazy: render it inside a Suspense boundary. */
export const RichTextEditor = lazy(() => import('./RichTextEditor'));
