/**
 * The rich-text allowlist (one list for both sides): what the server keeps when it stores and answers rich text
 * (src/server/platform/sanitize.ts, sanitize-html), what the editor may produce and what RichTextView renders
 * (src/web/ui/rich-text, DOMPurify).
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'blockquote',
] as const;
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'rel', 'target'] as const;
export const RICH_TEXT_URL_SCHEMES = ['http', 'https', 'mailto'] as const;
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';
export const RICH_TEXT_LINK_TARGET = '_blank';

/** Markup without any text (`<p><br></p>`, `<p>&nbsp;</p>`…): a rich text that says nothing, stored as ''. */
export function isBlankMarkup(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, '')
      .trim() === ''
  );
}
