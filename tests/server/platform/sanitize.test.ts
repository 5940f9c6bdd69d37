import { describe, expect, it } from 'vitest';
import { sanitizeRichText, sanitizeRichTextOrNull } from '@server/platform/sanitize';

describe('sanitizeRichText (server, sanitize-html)', () => {
  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p>Plain <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> ' +
      '<u>under</u> <s>strike</s><br>next line</p><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>' +
      '<blockquote>quoted</blockquote>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes scripts (with their content), styles and frames', () => {
    expect(
      sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe>'),
    ).toBe('<p>a</p>');
    expect(sanitizeRichText('<p>x<noscript><img src=x></noscript></p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('removes event handlers, style, class and id attributes', () => {
    expect(
      sanitizeRichText(
        '<p onclick="alert(1)" style="color:red" class="x" id="y">t</p><img src=x onerror="alert(1)">',
      ),
    ).toBe('<p>t</p>');
    expect(sanitizeRichText('<strong onmouseover="steal()" style="font-weight:bold">b</strong>')).toBe(
      '<strong>b</strong>',
    );
  });

  it('keeps http, https and mailto links with rel and target forced; drops javascript:, data: and relative ones', () => {
    expect(sanitizeRichText('<a href="https://example.com/a?b=1" target="_self" rel="opener">site</a>')).toBe(
      '<a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
    expect(sanitizeRichText('<a href="mailto:someone@example.com">mail</a>')).toContain(
      'href="mailto:someone@example.com"',
    );
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:x',
      '//evil.example.com',
      '/relative',
    ]) {
      const out = sanitizeRichText(`<p><a href="${bad}" onclick="x()">click</a></p>`);
      expect(out, bad).toBe('<p>click</p>');
    }
  });

  it('removes forms, inputs, images, objects and unknown tags but keeps their text', () => {
    expect(sanitizeRichText('<form action="x"><input value="v"><button>Go</button></form>')).toBe('Go');
    expect(sanitizeRichText('<div><span style="white-space: pre-wrap;">text</span></div>')).toBe('text');
    expect(sanitizeRichText('<p><img src="x"><object data="y"></object>after</p>')).toBe('<p>after</p>');
  });

  it('gives a clean string for non-string, empty and huge input', () => {
    for (const v of [undefined, null, 42, {}, ['<p>x</p>'], true]) expect(sanitizeRichText(v)).toBe('');
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText('<p><br></p>')).toBe('');
    expect(sanitizeRichTextOrNull(null)).toBeNull();
    expect(sanitizeRichTextOrNull('<p onclick="x">a</p>')).toBe('<p>a</p>');
    const huge = '<p>' + '<b onclick="x">a</b>'.repeat(200_000) + '<script>alert(1)</script></p>';
    const out = sanitizeRichText(huge);
    expect(out.length).toBeLessThanOrEqual(1_000_000);
    expect(out).not.toMatch(/onclick|script/);
    expect(out.startsWith('<p><b>a</b>')).toBe(true);
    expect(out.endsWith('</p>')).toBe(true); // cut input is closed properly
  });

  it('escapes text so it cannot become markup', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; "q"</p>')).toBe('<p>1 &lt; 2 &amp; "q"</p>');
    expect(sanitizeRichText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });
});
