import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import {
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  isBlankMarkup,
} from './allowlist';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/g;
const SAFE_HREF = /^(?:https?:|mailto:)/i;

let purifier: Purifier | undefined;

/** A DOMPurify instance of our own (hooks are per instance) with the server's link rules. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') {
      for (const name of RICH_TEXT_LINK_ATTRIBUTES) node.removeAttribute(name);
      return;
    }
    const href = (node.getAttribute('href') ?? '').trim();
    if (SAFE_HREF.test(href.replace(CONTROL, ''))) {
      node.setAttribute('href', href);
      node.setAttribute('rel', RICH_TEXT_LINK_REL);
      node.setAttribute('target', RICH_TEXT_LINK_TARGET);
    } else {
      // not a safe link: inert here, unwrapped (text kept) once the whole tree is clean
      for (const name of RICH_TEXT_LINK_ATTRIBUTES) node.removeAttribute(name);
    }
  });
  purifier = p;
  return p;
}

/**
 * Cleans rich text with the server's allowlist (src/server/platform/sanitize.ts): what RichTextView renders
 * and what the editor sends. Not a string → ''; markup without text → ''.
 */
export function sanitizeRichTextHtml(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  const fragment = getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_LINK_ATTRIBUTES],
    ALLOWED_URI_REGEXP: SAFE_HREF,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const a of Array.from(fragment.querySelectorAll('a:not([href])')))
    a.replaceWith(...Array.from(a.childNodes));
  const box = document.createElement('div');
  box.append(fragment);
  const clean = box.innerHTML.trim();
  return isBlankMarkup(clean) ? '' : clean;
}
