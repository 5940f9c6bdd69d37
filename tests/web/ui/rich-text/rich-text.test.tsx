import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import RichTextEditor from '@web/ui/rich-text/RichTextEditor';
import { AutosaveRichTextField, RichTextView, sanitizeRichTextHtml } from '@web/ui/rich-text';
import * as ui from '@web/ui';
import { ApiError } from '@web/api/client';

// jsdom has no layout: Lexical asks ranges for their rectangles when it scrolls the caret into view.
beforeAll(() => {
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
});

const wrap = (children: ReactElement) => (
  <FluentProvider theme={webLightTheme}>
    <ui.ToastProvider>{children}</ui.ToastProvider>
  </FluentProvider>
);
const box = (name = 'Client description') => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });

function editor(value: string, onChange = vi.fn()) {
  const r = render(
    wrap(<RichTextEditor aria-label="Client description" value={value} onChange={onChange} />),
  );
  return { onChange, ...r };
}
async function selectAll() {
  await userEvent.click(box());
  await userEvent.keyboard('{Control>}a{/Control}');
}

describe('RichTextEditor (Lexical)', () => {
  it('renders the HTML in a labelled multi-line textbox with a named formatting toolbar', async () => {
    editor('<p>Hello <strong>world</strong></p><ul><li>one</li></ul>');
    expect(box()).toHaveAttribute('contenteditable', 'true');
    expect(box()).toHaveAttribute('aria-multiline', 'true');
    expect(within(box()).getByText('world').tagName).toBe('STRONG');
    expect(within(box()).getByRole('list')).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Client description formatting' });
    for (const name of ['Bold', 'Italic', 'Underline', 'Bulleted list', 'Numbered list'])
      expect(within(toolbar).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
  });

  it('toggles bold on the selection and shows it with aria-pressed', async () => {
    const { onChange } = editor('<p>Hello</p>');
    await selectAll();
    await userEvent.click(button('Bold'));
    expect(button('Bold')).toHaveAttribute('aria-pressed', 'true');
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>Hello</strong></p>');
    await userEvent.click(button('Bold'));
    expect(button('Bold')).toHaveAttribute('aria-pressed', 'false');
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello</p>');
  });

  it('applies italic, underline and lists from the toolbar', async () => {
    const { onChange } = editor('<p>Point</p>');
    await selectAll();
    await userEvent.click(button('Italic'));
    await userEvent.click(button('Underline'));
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/<em>.*Point.*<\/em>/));
    expect(onChange.mock.lastCall![0]).toContain('<u>');
    await userEvent.click(button('Bulleted list'));
    expect(button('Bulleted list')).toHaveAttribute('aria-pressed', 'true');
    expect(onChange.mock.lastCall![0]).toMatch(/^<ul><li>.*Point.*<\/li><\/ul>$/);
    await userEvent.click(button('Numbered list'));
    expect(button('Numbered list')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Bulleted list')).toHaveAttribute('aria-pressed', 'false');
    expect(onChange.mock.lastCall![0]).toMatch(/^<ol><li>/);
  });

  it('round-trips the allowed HTML: what comes in goes out unchanged after an edit', async () => {
    const html =
      '<h2>Client</h2><p>Plain <strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s> ' +
      '<a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">link</a></p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote>quoted</blockquote>';
    const { onChange } = editor(html);
    expect(onChange).not.toHaveBeenCalled(); // loading is not an edit
    await userEvent.click(within(box()).getByText('quoted'));
    await act(async () => {
      // type at the end of the quote
      await userEvent.keyboard('!');
    });
    const out = onChange.mock.lastCall![0] as string;
    expect(out.replace('!', '')).toBe(html);
    expect(out).toContain('!');
  });

  it('drops what the allowlist does not allow from loaded HTML', () => {
    editor(
      '<p onclick="alert(1)" style="color:red">safe<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    );
    expect(box().innerHTML).not.toMatch(/onclick|script|javascript|color:red/);
    expect(box()).toHaveTextContent('safex');
  });

  it('takes a new value from outside (e.g. "Take theirs") without reporting it as an edit', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      wrap(<RichTextEditor aria-label="Client description" value="<p>mine</p>" onChange={onChange} />),
    );
    rerender(
      wrap(
        <RichTextEditor aria-label="Client description" value="<p><em>theirs</em></p>" onChange={onChange} />,
      ),
    );
    await waitFor(() => expect(within(box()).getByText('theirs').tagName).toBe('EM'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is read-only without a toolbar when asked', () => {
    render(wrap(<RichTextEditor aria-label="Client description" value="<p>fixed</p>" readOnly />));
    expect(box()).toHaveAttribute('contenteditable', 'false');
    expect(box()).toHaveAttribute('aria-readonly', 'true');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});

describe('RichTextView', () => {
  it('renders stored HTML through the allowlist', () => {
    const { container } = render(
      wrap(
        <RichTextView
          value={
            '<p onmouseover="steal()" style="color:red" class="c">Hi <strong>there</strong></p>' +
            '<img src=x onerror="alert(1)"><script>alert(2)</script><iframe src="https://evil"></iframe>' +
            '<a href="javascript:alert(3)">bad link</a> <a href="https://example.com" target="_self">good link</a>'
          }
        />,
      ),
    );
    expect(screen.getByText('there').tagName).toBe('STRONG');
    expect(container.querySelector('script, img, iframe, [onmouseover], [style], [class="c"]')).toBeNull();
    expect(screen.getByText('bad link').closest('a')).toBeNull();
    const good = screen.getByRole('link', { name: 'good link' });
    expect(good).toHaveAttribute('href', 'https://example.com');
    expect(good).toHaveAttribute('target', '_blank');
    expect(good).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('shows the empty text for no or blank HTML, and the sanitiser answers "" for non-strings', () => {
    render(wrap(<RichTextView value="<p><br></p>" emptyText="Not filled in" />));
    expect(screen.getByText('Not filled in')).toBeInTheDocument();
    for (const v of [null, undefined, 3, {}]) expect(sanitizeRichTextHtml(v)).toBe('');
    expect(sanitizeRichTextHtml('<p>a<br>b</p><h1>t</h1><blockquote>q</blockquote>')).toBe(
      '<p>a<br>b</p><h1>t</h1><blockquote>q</blockquote>',
    );
  });
});

describe('AutosaveRichTextField', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the editor lazily, saves the HTML 3 s after the last edit and at once on leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSave = vi.fn(async () => ({ version: 2 }));
    render(
      wrap(<AutosaveRichTextField label="Client culture" value="<p>Open</p>" version={1} onSave={onSave} />),
    );
    const culture = await screen.findByRole('textbox', { name: 'Client culture' });
    await userEvent.click(culture);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(button('Bold'));
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(onSave).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(onSave).toHaveBeenCalledWith('<p><strong>Open</strong></p>', { version: 1, keepalive: false });
    await waitFor(() => expect(screen.getAllByText('Saved').length).toBeGreaterThan(0));
    await userEvent.click(button('Italic'));
    fireEvent.blur(culture, { relatedTarget: document.body });
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave).toHaveBeenLastCalledWith(expect.stringMatching(/<(em|i)><strong>Open/), {
      version: 2,
      keepalive: false,
    });
  });

  it('on 412 shows their formatted text; "Take theirs" puts it in the editor', async () => {
    const theirs = { culture: '<p>Their <strong>view</strong></p>', version: 5 };
    const onSave = vi.fn(async () => {
      throw new ApiError(412, 'This record was changed by someone else meanwhile', { current: theirs });
    });
    render(
      wrap(
        <AutosaveRichTextField
          label="Client culture"
          value="<p>Open</p>"
          version={4}
          fromRecord={(r: typeof theirs) => r.culture}
          onSave={onSave}
        />,
      ),
    );
    const culture = await screen.findByRole('textbox', { name: 'Client culture' });
    await userEvent.click(culture);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(button('Underline'));
    fireEvent.blur(culture, { relatedTarget: document.body });
    const bar = await screen.findByRole('group', { name: 'Client culture: changed by someone else' });
    expect(within(bar).getByText('view').tagName).toBe('STRONG');
    await userEvent.click(within(bar).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(within(culture).getByText('view').tagName).toBe('STRONG'));
    expect(within(culture).queryByText('Open')).toBeNull();
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});

describe('bundle', () => {
  it('keeps rich text out of the @web/ui barrel the first screen loads', () => {
    for (const name of ['AutosaveRichTextField', 'RichTextEditor', 'RichTextView'])
      expect(name in ui).toBe(false);
  });
});
