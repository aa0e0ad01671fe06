import fc from "fast-check";
import { LINK_REL, renderMarkdown, renderMarkdownText } from "@/lib/format/markdown";

// The one renderer of formatted replies: each format it knows, the ones it leaves as text,
// and hostile input, which must never come out as markup that runs, styles or navigates.

const ALLOWED_TAGS = new Set(["P", "BR", "STRONG", "EM", "A", "UL", "OL", "LI", "CODE", "PRE", "BLOCKQUOTE"]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { A: ["href", "rel"], OL: ["start"] };

/** Everything the browser would build from the HTML, checked element by element. */
function unsafeParts(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const found: string[] = [];
  for (const el of doc.body.querySelectorAll("*")) {
    if (!ALLOWED_TAGS.has(el.tagName)) found.push(`tag ${el.tagName}`);
    for (const attr of el.attributes) {
      if (!(ALLOWED_ATTRIBUTES[el.tagName] ?? []).includes(attr.name)) found.push(`${el.tagName}[${attr.name}]`);
    }
    const href = el.getAttribute("href");
    if (href !== null && !/^(https?:\/\/|mailto:)/i.test(href)) found.push(`href ${href}`);
    if (el.tagName === "A" && el.getAttribute("rel") !== LINK_REL) found.push(`rel ${el.getAttribute("rel")}`);
  }
  return found;
}

describe("renderMarkdown: the basic formats", () => {
  it("bold, italic (both spellings) and inline code", () => {
    expect(renderMarkdown("**bold**, _italic_, *also* and `a < b`")).toBe(
      "<p><strong>bold</strong>, <em>italic</em>, <em>also</em> and <code>a &lt; b</code></p>",
    );
  });

  it("bulleted and numbered lists (a numbered list keeps its first number)", () => {
    expect(renderMarkdown("- one\n- two")).toBe("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(renderMarkdown("3. three\n4. four")).toBe('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>');
  });

  it("links get rel=noopener noreferrer nofollow; bare addresses and emails become links", () => {
    expect(renderMarkdown("[our docs](https://docs.example.com/a?b=1&c=2)")).toBe(
      `<p><a href="https://docs.example.com/a?b=1&amp;c=2" rel="${LINK_REL}">our docs</a></p>`,
    );
    expect(renderMarkdown("see https://example.com or help@example.com")).toBe(
      `<p>see <a href="https://example.com" rel="${LINK_REL}">https://example.com</a> or <a href="mailto:help@example.com" rel="${LINK_REL}">help@example.com</a></p>`,
    );
    expect(renderMarkdown("<https://example.com/x>")).toBe(
      `<p><a href="https://example.com/x" rel="${LINK_REL}">https://example.com/x</a></p>`,
    );
  });

  it("quotes and fenced code blocks (the language note is dropped, the code escaped)", () => {
    expect(renderMarkdown("> quoted\n> more")).toBe("<blockquote>\n<p>quoted<br />\nmore</p>\n</blockquote>");
    expect(renderMarkdown("```html\n<b>x</b>\n```")).toBe("<pre><code>&lt;b&gt;x&lt;/b&gt;\n</code></pre>");
  });

  it("keeps a plain reply's line breaks and paragraphs, as replies read before formatting", () => {
    expect(renderMarkdown("Hi Jane,\nthanks for writing.\n\nBest,\nSam")).toBe(
      "<p>Hi Jane,<br />\nthanks for writing.</p>\n<p>Best,<br />\nSam</p>",
    );
  });

  it("leaves headings, rules, tables, indented text and images as the text they were typed as", () => {
    expect(renderMarkdown("# 1 not a heading")).toBe("<p># 1 not a heading</p>");
    expect(renderMarkdown("Thanks\n---")).toBe("<p>Thanks<br />\n---</p>");
    expect(renderMarkdown("    indented signature")).toBe("<p>indented signature</p>");
    expect(renderMarkdown("| a | b |\n|---|---|")).toBe("<p>| a | b |<br />\n|---|---|</p>");
    expect(renderMarkdown("![pixel](https://tracker.example/p.gif)")).toBe(
      `<p>!<a href="https://tracker.example/p.gif" rel="${LINK_REL}">pixel</a></p>`,
    );
  });

  it("renders nothing for blank text", () => {
    expect(renderMarkdown("")).toBe("");
    expect(renderMarkdown(" \n\t")).toBe("");
  });
});

describe("renderMarkdown: hostile input", () => {
  const hostile: [string, string][] = [
    ["a script tag", "<script>alert(1)</script>"],
    ["an event handler", '<img src=x onerror="alert(1)">'],
    ["an inline style", '<p style="position:fixed;top:0">cover</p>'],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["a raw HTML block", '<div>\n<a href="javascript:alert(1)">x</a>\n</div>'],
    ["an svg", "<svg onload=alert(1)><script>alert(1)</script></svg>"],
    ["a markdown link to javascript:", "[click](javascript:alert(1))"],
    ["mixed case", "[click](JaVaScRiPt:alert(1))"],
    ["entity-encoded javascript:", "[click](&#106;avascript:alert(1))"],
    ["hex entities", "[click](&#x6A;&#x61;vascript&#x3A;alert(1))"],
    ["a tab inside the scheme", "[click](java\tscript:alert(1))"],
    ["an escaped colon", "[click](javascript&colon;alert(1))"],
    ["a data: URL", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a vbscript: URL", "[click](vbscript:msgbox(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a data: autolink", "<data:text/html,<script>alert(1)</script>>"],
    ["a protocol-relative link", "[click](//evil.example/x)"],
    ["a link into our own pages", "[click](/api/logout)"],
    ["a title with a quote", '[click](https://example.com "x\\" onmouseover=\\"alert(1)")'],
    ["a reference link", '[click][1]\n\n[1]: javascript:alert(1) "t"'],
    ["an image with an event", '![x](https://example.com/a.png" onerror="alert(1))'],
    ["html inside code", "`<script>alert(1)</script>`"],
  ];

  it.each(hostile)("%s: nothing that runs, styles or navigates away", (_, source) => {
    const html = renderMarkdown(source);
    // Judged as the browser reads it: what was typed may still be there, but only as text.
    expect(unsafeParts(html)).toEqual([]);
  });

  it("shows raw HTML as the text it is, escaped", () => {
    expect(renderMarkdown("<b>hi</b> <script>alert(1)</script>")).toBe(
      "<p>&lt;b&gt;hi&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });

  it("keeps the words of a refused link, without the link", () => {
    expect(renderMarkdown("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>");
    expect(renderMarkdown("[click](/api/logout)")).toBe("<p>[click](/api/logout)</p>");
  });

  it("whatever is typed, only the allowed tags and attributes come out (property-based)", () => {
    const piece = fc.constantFrom(
      "<",
      ">",
      "/",
      "script",
      "img",
      "a ",
      "href=",
      "src=",
      "on",
      "error=",
      "style=",
      "javascript:",
      "JAVASCRIPT:",
      "data:",
      "vbscript:",
      "&#",
      "x3A;",
      "106;",
      "[",
      "](",
      ")",
      "<http",
      "://",
      '"',
      "'",
      "`",
      "```",
      "*",
      "_",
      "- ",
      "> ",
      "1. ",
      "\n",
      "\n\n",
      " ",
      "\t",
      "x",
      "&colon;",
      "&lt;",
      "!",
      "mailto:",
      "https://a.example",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const html = renderMarkdown(pieces.join(""));
        expect(unsafeParts(html)).toEqual([]);
      }),
      { seed: 20261125, numRuns: 400 },
    );
  });
});

describe("renderMarkdownText: the mail's plain-text part", () => {
  it("drops the marks, spells out links, keeps lists, quotes and code readable", () => {
    const source = [
      "Hi **Jane**, _thanks_!",
      "",
      "1. Open [Settings](https://app.example/settings)",
      "2. Press `Save`",
      "",
      "- see https://example.com",
      "- or mail help@example.com",
      "",
      "> You wrote:\n> it broke",
      "",
      "```\nnpm start\n```",
    ].join("\n");
    expect(renderMarkdownText(source)).toBe(
      [
        "Hi Jane, thanks!",
        "",
        "1. Open Settings (https://app.example/settings)",
        "2. Press Save",
        "",
        "- see https://example.com",
        "- or mail help@example.com",
        "",
        "> You wrote:",
        "> it broke",
        "",
        "npm start",
      ].join("\n"),
    );
  });

  it("keeps a plain reply as it was written", () => {
    expect(renderMarkdownText("Hi Jane,\nthanks for writing.\n\nBest,\nSam")).toBe(
      "Hi Jane,\nthanks for writing.\n\nBest,\nSam",
    );
  });

  it("indents what continues a list item, and nests lists", () => {
    expect(renderMarkdownText("- first\n  still first\n- second\n  - inner")).toBe(
      "- first\n  still first\n- second\n  - inner",
    );
  });
});
