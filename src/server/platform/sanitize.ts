import sanitizeHtml from 'sanitize-html';

import {
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  isBlankMarkup,
  RICH_TEXT_URL_SCHEMES,
} from '@domain/rules/rich-text';

/**
 * Rich text (HTML from the web app's editor: spec 001 "editable rich text CLIENT DESCRIPTION and CLIENT
 * CULTURE", and the Setup/During texts that follow) is stored and answered only through the allowlist of
 * src/domain/rules/rich-text.ts, which the web app's RichTextView applies too (DOMPurify).
 */
export {
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_SCHEMES,
};
export const RICH_TEXT_MAX_INPUT = 1_000_000;

const SAFE_HREF = /^(?:https?:|mailto:)/i;

/** The href of a link when it is an absolute http(s) or mailto URL, else undefined. */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  // what a browser ignores when it reads a URL: surrounding blanks, and control characters / tabs inside
  // eslint-disable-next-line no-control-regex
  const compact = href.trim().replace(/[\u0000-\u001F\u007F]/g, '');
  return SAFE_HREF.test(compact) ? href.trim() : undefined;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: [...RICH_TEXT_LINK_ATTRIBUTES] },
  allowedSchemes: [...RICH_TEXT_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard', // unknown tags go, their text stays; script/style/textarea… go with their content
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // a link keeps a safe href only and always opens apart, without access to the portal's window
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      return href
        ? { tagName: 'a', attribs: { href, rel: RICH_TEXT_LINK_REL, target: RICH_TEXT_LINK_TARGET } }
        : { tagName: 'span', attribs: {} }; // dropped (span is not allowed): its text stays
    },
  },
};

/**
 * Cleans rich text for storage and output: only the allowlisted formatting stays (paragraphs, line breaks,
 * bold, italic, underline, strike-through, lists, links, headings 1–3, quotes); scripts, event handlers,
 * styles, classes, ids, frames, forms and `javascript:`/`data:` links are removed. Anything that is not a
 * string gives ''; empty markup (only blank paragraphs) gives ''.
 */
export function sanitizeRichText(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  const input = html.length > RICH_TEXT_MAX_INPUT ? html.slice(0, RICH_TEXT_MAX_INPUT) : html;
  const clean = sanitizeHtml(input, options).trim();
  return isBlankMarkup(clean) ? '' : clean;
}

/** `sanitizeRichText` for a nullable column: null and undefined stay null. */
export const sanitizeRichTextOrNull = (html: string | null | undefined): string | null =>
  html === null || html === undefined ? null : sanitizeRichText(html);
