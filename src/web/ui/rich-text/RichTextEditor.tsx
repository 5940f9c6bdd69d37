import { useEffect, useRef, useState, type FocusEvent, type ReactElement } from 'react';
import {
  ToggleButton,
  Toolbar,
  makeStyles,
  mergeClasses,
  shorthands,
  tokens,
} from '@fluentui/react-components';
import {
  TextBoldRegular,
  TextBulletListLtrRegular,
  TextItalicRegular,
  TextNumberListLtrRegular,
  TextUnderlineRegular,
} from '@fluentui/react-icons';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isDecoratorNode,
  $isElementNode,
  $isRangeSelection,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  SELECTION_CHANGE_COMMAND,
  type EditorThemeClasses,
  type LexicalEditor,
  type LexicalNode,
  type TextFormatType,
} from 'lexical';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { LinkNode } from '@lexical/link';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import { sanitizeRichTextHtml } from './sanitize';
import { Hint } from '../Hint';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { borderBottomColor: tokens.colorCompoundBrandStroke },
  },
  readOnly: {
    ...shorthands.borderColor(tokens.colorNeutralStroke2),
    backgroundColor: tokens.colorNeutralBackground2,
  },
  toolbar: {
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingHorizontalXXS,
  },
  surface: { position: 'relative' },
  editable: {
    minHeight: '120px',
    maxHeight: '480px',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    outlineStyle: 'none',
    overflowWrap: 'anywhere',
  },
  placeholder: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    left: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground4,
    pointerEvents: 'none',
    userSelect: 'none',
  },
  paragraph: { margin: `0 0 ${tokens.spacingVerticalS} 0` },
  bold: { fontWeight: tokens.fontWeightSemibold },
  italic: { fontStyle: 'italic' },
  underline: { textDecorationLine: 'underline' },
  strikethrough: { textDecorationLine: 'line-through' },
  underlineStrikethrough: { textDecorationLine: 'underline line-through' },
  list: { margin: `0 0 ${tokens.spacingVerticalS} 0`, paddingLeft: tokens.spacingHorizontalXXL },
  quote: {
    margin: `0 0 ${tokens.spacingVerticalS} 0`,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
  },
  link: { color: tokens.colorBrandForegroundLink },
});

export interface RichTextEditorProps {
  /** The text as HTML (cleaned with the server's allowlist before it is shown). */
  value: string | null | undefined;
  /** The edited text as clean HTML ('' when empty). */
  onChange?: (html: string) => void;
  /** Focus left the editor and its toolbar. */
  onBlur?: () => void;
  readOnly?: boolean;
  /** Name the editor with one of these (a visible label's id is best). */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  id?: string;
  placeholder?: string;
  /** The toolbar's name; default "<aria-label> formatting". */
  toolbarLabel?: string;
  className?: string;
}

type ListKind = 'bullet' | 'number' | null;
type FormatState = { bold: boolean; italic: boolean; underline: boolean; list: ListKind };

const URL_OK = /^(?:https?:|mailto:)/i;

/** Replaces the editor's content by `html` (cleaned first). Runs inside `editor.update`. */
function $setHtml(editor: LexicalEditor, html: string) {
  const root = $getRoot();
  root.clear();
  const clean = sanitizeRichTextHtml(html);
  if (clean) {
    const dom = new DOMParser().parseFromString(clean, 'text/html');
    let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
    for (const node of $generateNodesFromDOM(editor, dom) as LexicalNode[]) {
      const block = ($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline();
      if (block) {
        paragraph = null;
        root.append(node);
      } else {
        // text and inline nodes at the top level go into a paragraph
        if (!paragraph) {
          paragraph = $createParagraphNode();
          root.append(paragraph);
        }
        paragraph.append(node);
      }
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

/** The editor's content as clean HTML ('' when it holds no text). Runs inside `editorState.read`. */
function $getHtml(editor: LexicalEditor): string {
  if ($getRoot().getTextContent().trim() === '') return '';
  return tidy(sanitizeRichTextHtml($generateHtmlFromNodes(editor, null)));
}

/** Lexical writes bold as `<b><strong>…</strong></b>` and italic as `<i><em>…</em></i>`: one tag is enough. */
function tidy(html: string): string {
  if (!/<(b|i)>/.test(html)) return html;
  const box = document.createElement('div');
  box.innerHTML = html;
  for (const [outer, inner] of [
    ['b', 'STRONG'],
    ['i', 'EM'],
  ] as const)
    for (const el of Array.from(box.querySelectorAll(outer)))
      if (el.childNodes.length === 1 && el.firstElementChild?.tagName === inner)
        el.replaceWith(el.firstElementChild);
  return box.innerHTML;
}

const SET_VALUE_TAG = 'portal-set-value';

/** Emits the HTML on every content change and takes a new `value` when it is not what it emitted. */
function ValuePlugin({ value, onChange }: { value: string; onChange?: (html: string) => void }) {
  const [editor] = useLexicalComposerContext();
  const applied = useRef(value); // the last value loaded into the editor
  const emitted = useRef<string | null>(null); // the editor's own HTML, as last exported
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    emitted.current = editor.getEditorState().read(() => $getHtml(editor));
    return editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, tags }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return; // selection only
      const html = editorState.read(() => $getHtml(editor));
      if (html === emitted.current) return;
      emitted.current = html;
      if (!tags.has(SET_VALUE_TAG)) onChangeRef.current?.(html);
    });
  }, [editor]);
  useEffect(() => {
    if (value === applied.current || value === emitted.current) return;
    applied.current = value;
    editor.update(() => $setHtml(editor, value), { tag: SET_VALUE_TAG });
  }, [editor, value]);
  return null;
}

function EditablePlugin({ readOnly }: { readOnly: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(!readOnly), [editor, readOnly]);
  return null;
}

/** Bold, italic, underline, bulleted and numbered list; each button shows whether it applies (aria-pressed). */
function FormatToolbar({ label, className }: { label: string; className?: string }) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<FormatState>({
    bold: false,
    italic: false,
    underline: false,
    list: null,
  });
  useEffect(() => {
    const read = () => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const anchor = selection.anchor.getNode();
      const list = $getNearestNodeOfType(anchor, ListNode);
      setState({
        bold: selection.hasFormat('bold'),
        italic: selection.hasFormat('italic'),
        underline: selection.hasFormat('underline'),
        list: $isListNode(list) ? (list.getListType() === 'number' ? 'number' : 'bullet') : null,
      });
    };
    return mergeRegister(
      editor.registerUpdateListener(({ editorState }) => editorState.read(read)),
      editor.registerCommand(
        SELECTION_CHANGE_COMMAND,
        () => {
          read();
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
    );
  }, [editor]);

  const format = (f: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, f);
  const list = (kind: Exclude<ListKind, null>) => {
    if (state.list === kind) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else
      editor.dispatchCommand(
        kind === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
        undefined,
      );
  };
  const button = (name: string, pressed: boolean, icon: ReactElement, onClick: () => void) => (
    <Hint content={name} relationship="description" withArrow>
      <ToggleButton
        appearance="subtle"
        size="small"
        aria-label={name}
        checked={pressed}
        icon={icon}
        // keep the text selection in the editor while clicking
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Hint>
  );
  return (
    <Toolbar aria-label={label} size="small" className={className}>
      {button('Bold', state.bold, <TextBoldRegular />, () => format('bold'))}
      {button('Italic', state.italic, <TextItalicRegular />, () => format('italic'))}
      {button('Underline', state.underline, <TextUnderlineRegular />, () => format('underline'))}
      {button('Bulleted list', state.list === 'bullet', <TextBulletListLtrRegular />, () => list('bullet'))}
      {button('Numbered list', state.list === 'number', <TextNumberListLtrRegular />, () => list('number'))}
    </Toolbar>
  );
}

/**
 * A rich-text editor on Lexical: bold, italic, underline, bulleted and numbered lists, undo/redo, links
 * (http, https, mailto) kept from pasted or loaded text; value in and out as HTML cleaned with the
 * server's allowlist. The editable surface is a labelled `textbox` (aria-multiline); the toolbar's toggle
 * buttons carry names and `aria-pressed`.
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  readOnly = false,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
  id,
  placeholder,
  toolbarLabel,
  className,
}: RichTextEditorProps) {
  const s = useStyles();
  const html = value ?? '';
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'portal-rich-text',
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
    editable: !readOnly,
    theme: {
      paragraph: s.paragraph,
      quote: s.quote,
      link: s.link,
      list: { ul: s.list, ol: s.list },
      text: {
        bold: s.bold,
        italic: s.italic,
        underline: s.underline,
        strikethrough: s.strikethrough,
        underlineStrikethrough: s.underlineStrikethrough,
      },
    } satisfies EditorThemeClasses,
    editorState: (editor: LexicalEditor) => $setHtml(editor, html),
    onError: (error: Error) => {
      throw error;
    },
  }));
  const root = useRef<HTMLDivElement>(null);
  const blur = (e: FocusEvent) => {
    if (!root.current?.contains(e.relatedTarget as Node | null)) onBlur?.();
  };
  const editableProps = {
    id,
    className: s.editable,
    'aria-label': ariaLabel,
    'aria-labelledby': ariaLabelledBy,
    'aria-describedby': ariaDescribedBy,
    'aria-multiline': true,
  };
  const toolbarName = toolbarLabel ?? `${ariaLabel ?? 'Text'} formatting`;
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div ref={root} className={mergeClasses(s.root, readOnly && s.readOnly, className)} onBlur={blur}>
        {readOnly ? null : <FormatToolbar label={toolbarName} className={s.toolbar} />}
        <div className={s.surface}>
          <RichTextPlugin
            contentEditable={
              placeholder ? (
                <ContentEditable
                  {...editableProps}
                  aria-placeholder={placeholder}
                  placeholder={<div className={s.placeholder}>{placeholder}</div>}
                />
              ) : (
                <ContentEditable {...editableProps} />
              )
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={(url) => URL_OK.test(url)} />
        <ValuePlugin value={html} onChange={onChange} />
        <EditablePlugin readOnly={readOnly} />
      </div>
    </LexicalComposer>
  );
}
