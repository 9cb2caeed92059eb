import { describe, expect, it } from "vitest";
import { hasVisibleContent, newsletterText, sanitizeNewsletterHtml } from "./newsletter-html.server";

// Hostile inputs: whatever an admin (or someone with an admin's session)
// pastes, no script runs where the newsletter is rendered.
const hostile: [string, string][] = [
  ["a script", `<p>Salut</p><script>alert(1)</script>`],
  ["a script split to dodge a filter", `<scr<script>ipt>alert(1)</scr</script>ipt>`],
  ["an event handler", `<img src="https://example.test/a.png" onerror="alert(1)" onload=alert(2)>`],
  ["an upper-case handler", `<p ONCLICK="alert(1)">x</p>`],
  ["a javascript: link", `<a href="javascript:alert(1)">x</a>`],
  ["a mixed-case javascript: link", `<a href="JaVaScRiPt:alert(1)">x</a>`],
  ["an entity-encoded javascript: link", `<a href="&#106;avascript:alert(1)">x</a>`],
  ["a javascript: link behind spaces and tabs", `<a href=" \tjavascript:alert(1)">x</a>`],
  ["a vbscript: link", `<a href="vbscript:msgbox(1)">x</a>`],
  ["a data: link", `<a href="data:text/html,<script>alert(1)</script>">x</a>`],
  ["a data: image", `<img src="data:image/svg+xml,<svg onload=alert(1)>">`],
  ["an SVG with onload", `<svg onload="alert(1)"><circle r="1"/></svg>`],
  ["an iframe", `<iframe src="https://evil.test"></iframe>`],
  ["an object", `<object data="https://evil.test/x.swf"></object><embed src="x">`],
  ["a form", `<form action="https://evil.test"><input name="password"><button>Go</button></form>`],
  ["a style tag", `<style>body{background:url(javascript:alert(1))}</style>`],
  ["a style attribute loading a URL", `<div style="background-image:url(https://evil.test/t.png)">x</div>`],
  ["a style attribute with expression()", `<div style="width: expression(alert(1))">x</div>`],
  ["a meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["a base tag", `<base href="https://evil.test/">`],
  [
    "a mutation-XSS classic",
    `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  ],
  ["a noscript trick", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`],
  ["a formaction", `<button formaction="javascript:alert(1)">x</button>`],
  ["a srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
];

function assertHarmless(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(html).not.toMatch(/<(iframe|object|embed|form|input|button|style|meta|base|svg|math)\b/i);
  expect(html).not.toMatch(/url\(|expression\(/i);
}

describe("newsletter HTML sanitizing", () => {
  it.each(hostile)("removes %s", (_, input) => {
    const clean = sanitizeNewsletterHtml(input);
    assertHarmless(clean);
    // Sanitizing is stable: what is stored comes out the same when rendered.
    expect(sanitizeNewsletterHtml(clean)).toBe(clean);
  });

  it("keeps the markup of a mail: headings, text, links, images, lists, tables and safe styles", () => {
    const input = `<h1 style="color:#0f766e;text-align:center">Printemps</h1>
<p>Salut <strong>toi</strong>, <em>voici</em> <a href="https://dynami.test/exo" target="_top">tes séances</a>.</p>
<img src="https://dynami.test/p.png" alt="Photo" width="320">
<ul><li>Un</li><li>Deux</li></ul>
<table width="100%" cellpadding="8"><tr><td align="center" style="padding:8px 16px;background-color:rgb(240, 240, 240)">Case</td></tr></table>
<a href="mailto:hello@dynami.test">Écris-nous</a>`;
    const clean = sanitizeNewsletterHtml(input);
    expect(clean).toContain('<h1 style="color:#0f766e;text-align:center">Printemps</h1>');
    expect(clean).toContain("<strong>toi</strong>");
    expect(clean).toContain(
      '<a href="https://dynami.test/exo" target="_blank" rel="noopener noreferrer">tes séances</a>',
    );
    expect(clean).toContain('<img src="https://dynami.test/p.png" alt="Photo" width="320" />');
    expect(clean).toContain("<li>Deux</li>");
    expect(clean).toContain('style="padding:8px 16px;background-color:rgb(240, 240, 240)"');
    expect(clean).toContain('href="mailto:hello@dynami.test"');
  });

  it("derives the plain-text part: blocks on their own lines, links spelled out, entities decoded", () => {
    const text = newsletterText(
      `<h2>Titre</h2><p>Un &amp; deux&nbsp;: <a href="https://dynami.test/?a=1&amp;b=2">le site</a></p><ul><li>A</li><li>B</li></ul><p>Fin<br>ligne</p><script>x()</script>`,
    );
    expect(text).toBe("Titre\n\nUn & deux\u00a0: le site (https://dynami.test/?a=1&b=2)\n\n- A\n- B\n\nFin\nligne");
  });

  it("tells whether anything visible is left", () => {
    expect(hasVisibleContent(sanitizeNewsletterHtml("<script>alert(1)</script>"))).toBe(false);
    expect(hasVisibleContent(sanitizeNewsletterHtml("<p> </p>"))).toBe(false);
    expect(hasVisibleContent(sanitizeNewsletterHtml('<img src="https://x.test/a.png">'))).toBe(true);
    expect(hasVisibleContent(sanitizeNewsletterHtml("<p>Hop</p>"))).toBe(true);
  });
});
