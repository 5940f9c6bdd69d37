/** The rich-text allowlist lives once in the domain rules (the server applies the same list). */
export {
  RICH_TEXT_TAGS,
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_URL_SCHEMES,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  isBlankMarkup,
} from '@domain/rules/rich-text';
