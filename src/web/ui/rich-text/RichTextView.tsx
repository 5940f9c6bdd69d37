import { useMemo } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { sanitizeRichTextHtml } from './sanitize';

const useStyles = makeStyles({
  root: {
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    '& p, & ul, & ol, & blockquote': { margin: `0 0 ${tokens.spacingVerticalS} 0` },
    '& > :last-child': { marginBottom: 0 },
    '& ul, & ol': { paddingLeft: tokens.spacingHorizontalXXL },
    '& blockquote': {
      paddingLeft: tokens.spacingHorizontalM,
      borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
      color: tokens.colorNeutralForeground2,
    },
    '& a': { color: tokens.colorBrandForegroundLink },
  },
  empty: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
});

export interface RichTextViewProps {
  /** Stored rich text (HTML); cleaned with the server's allowlist before it is rendered. */
  value: string | null | undefined;
  /** Shown when there is no text (default: nothing). */
  emptyText?: string;
  className?: string;
}

/** Renders stored rich text safely: DOMPurify with the same allowlist as the server. */
export function RichTextView({ value, emptyText, className }: RichTextViewProps) {
  const s = useStyles();
  const html = useMemo(() => sanitizeRichTextHtml(value), [value]);
  if (!html) return emptyText ? <span className={mergeClasses(s.empty, className)}>{emptyText}</span> : null;
  return <div className={mergeClasses(s.root, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
