import fc from "fast-check";
import { LINK_REL } from "@/lib/format/markdown";
import { kbImageIdsIn, kbImageUrl, renderKbMarkdown } from "@/lib/format/kb-markdown";

// The knowledge base's renderer: what an article may hold beyond a reply (headings, rules,
// tables, its own uploaded images, links to other help center pages), and the hostile input
// formatted replies are tested with, which must never come out as markup that runs, styles,
// loads from elsewhere or navigates away.

const IMAGE_ID = "0193a4f2-7c1e-7d2a-9b3c-4d5e6f708192";

const ALLOWED_TAGS = new Set([
  ..."P BR STRONG EM S A UL OL LI CODE PRE BLOCKQUOTE H2 H3 H4 H5 H6 HR TABLE THEAD TBODY TR TH TD IMG".split(" "),
]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  A: ["href", "rel"],
  OL: ["start"],
  IMG: ["src", "alt", "loading"],
};
const HELP_PATH = /^\/help(\/[a-z0-9-]+)*\/?(\?[^\s"<>\\]*)?(#[\w-]*)?$/;

/** Everything the browser would build from the HTML, checked element by element. */
function unsafeParts(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const found: string[] = [];
  for (const el of doc.body.querySelectorAll("*")) {
    if (!ALLOWED_TAGS.has(el.tagName)) found.push(`tag ${el.tagName}`);
    for (const attr of el.attributes)
      if (!(ALLOWED_ATTRIBUTES[el.tagName] ?? []).includes(attr.name)) found.push(`${el.tagName}[${attr.name}]`);
    const href = el.getAttribute("href");
    if (href !== null && !/^(https?:\/\/|mailto:)/i.test(href) && !HELP_PATH.test(href)) found.push(`href ${href}`);
    if (el.tagName === "A" && href !== null && !HELP_PATH.test(href) && el.getAttribute("rel") !== LINK_REL)
      found.push(`rel ${el.getAttribute("rel")}`);
    const src = el.getAttribute("src");
    if (el.tagName === "IMG" && !/^\/api\/kb\/images\/[0-9a-f-]{36}$/.test(src ?? "")) found.push(`src ${src}`);
  }
  return found;
}

describe("renderKbMarkdown: what an article holds", () => {
  it("headings start at h2 (the page's h1 is the title) and stop at h6", () => {
    expect(renderKbMarkdown("# Set up\n## Step one\n###### Deep")).toBe(
      "<h2>Set up</h2>\n<h3>Step one</h3>\n<h6>Deep</h6>",
    );
  });

  it("bold, italic, strikethrough, inline code, lists and quotes as in replies", () => {
    expect(renderKbMarkdown("**b** _i_ ~~old~~ `a < b`")).toBe(
      "<p><strong>b</strong> <em>i</em> <s>old</s> <code>a &lt; b</code></p>",
    );
    expect(renderKbMarkdown("- one\n- two")).toBe("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(renderKbMarkdown("3. three")).toBe('<ol start="3">\n<li>three</li>\n</ol>');
    expect(renderKbMarkdown("> note")).toBe("<blockquote>\n<p>note</p>\n</blockquote>");
  });

  it("fenced code is escaped, its language note dropped", () => {
    expect(renderKbMarkdown("```bash\ncurl -X POST <url>\n```")).toBe(
      "<pre><code>curl -X POST &lt;url&gt;\n</code></pre>",
    );
  });

  it("tables (alignment is left to the help center's styles) and rules", () => {
    expect(renderKbMarkdown("| Plan | Price |\n|:--|--:|\n| Pro | $29 |")).toBe(
      "<table>\n<thead>\n<tr>\n<th>Plan</th>\n<th>Price</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>Pro</td>\n<td>$29</td>\n</tr>\n</tbody>\n</table>",
    );
    expect(renderKbMarkdown("above\n\n---\n\nbelow")).toBe("<p>above</p>\n<hr />\n<p>below</p>");
  });

  it("links: web and mail addresses get the replies' rel, help center paths stay plain links", () => {
    expect(renderKbMarkdown("[docs](https://docs.example.com) and help@example.com")).toBe(
      `<p><a href="https://docs.example.com" rel="${LINK_REL}">docs</a> and <a href="mailto:help@example.com" rel="${LINK_REL}">help@example.com</a></p>`,
    );
    expect(renderKbMarkdown("[Reset your password](/help/acme/articles/reset-password#steps)")).toBe(
      '<p><a href="/help/acme/articles/reset-password#steps">Reset your password</a></p>',
    );
    expect(renderKbMarkdown("[Search](/help/acme/search?q=refund)")).toBe(
      '<p><a href="/help/acme/search?q=refund">Search</a></p>',
    );
  });

  it("shows the knowledge base's own images, lazily, with their alt text", () => {
    expect(renderKbMarkdown(`![The billing page](${kbImageUrl(IMAGE_ID)})`)).toBe(
      `<p><img src="/api/kb/images/${IMAGE_ID}" alt="The billing page" loading="lazy" /></p>`,
    );
  });

  it("drops every other image: another server's, a data: URL, a path elsewhere in our own app", () => {
    expect(renderKbMarkdown("![pixel](https://tracker.example/p.gif)")).toBe("<p></p>");
    expect(unsafeParts(renderKbMarkdown("![x](data:image/png;base64,iVBORw0KGgo=)"))).toEqual([]);
    expect(renderKbMarkdown("![x](/api/kb/images/../../logout)")).not.toContain("<img");
    expect(renderKbMarkdown(`![x](/api/kb/images/${IMAGE_ID}?a=1)`)).not.toContain("<img");
    expect(renderKbMarkdown(`![x](https://evil.example/api/kb/images/${IMAGE_ID})`)).not.toContain("<img");
    expect(renderKbMarkdown(`![x](/api/attachments/${IMAGE_ID})`)).not.toContain("<img");
  });

  it("renders nothing for blank text", () => {
    expect(renderKbMarkdown("")).toBe("");
    expect(renderKbMarkdown(" \n\t")).toBe("");
  });
});

describe("renderKbMarkdown: hostile input (the cases formatted replies are tested with, and more)", () => {
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
    ["a help path climbing out", "[click](/help/../api/logout)"],
    ["a help path climbing out, encoded", "[click](/help/%2e%2e/api/logout)"],
    ["a help path with a backslash", "[click](/help/\\evil.example)"],
    ["a title with a quote", '[click](https://example.com "x\\" onmouseover=\\"alert(1)")'],
    ["a reference link", '[click][1]\n\n[1]: javascript:alert(1) "t"'],
    ["an image with an event", '![x](https://example.com/a.png" onerror="alert(1))'],
    ["an image of ours with an event", `![x](/api/kb/images/${IMAGE_ID}" onerror="alert(1))`],
    ["an image alt with markup", `![<img src=x onerror=alert(1)>](/api/kb/images/${IMAGE_ID})`],
    ["a javascript: image", "![x](javascript:alert(1))"],
    ["html inside code", "`<script>alert(1)</script>`"],
    ["html in a heading", "# <script>alert(1)</script>"],
    ["html in a table cell", "| a |\n|---|\n| <img src=x onerror=alert(1)> |"],
  ];

  it.each(hostile)("%s: nothing that runs, styles, loads or navigates away", (_, source) => {
    expect(unsafeParts(renderKbMarkdown(source))).toEqual([]);
  });

  it("keeps the words of a refused link, without the link", () => {
    expect(renderKbMarkdown("[click](/api/logout)")).toBe("<p>[click](/api/logout)</p>");
    expect(renderKbMarkdown("[click](/help/../api/logout)")).toBe("<p>[click](/help/../api/logout)</p>");
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
      "data:",
      "&#",
      "x3A;",
      "[",
      "](",
      "![",
      ")",
      "/api/kb/images/",
      IMAGE_ID,
      "/help/",
      "..",
      "%2e",
      "\\",
      "://",
      '"',
      "`",
      "```",
      "*",
      "~~",
      "# ",
      "| ",
      "|---|",
      "- ",
      "> ",
      "\n",
      "\n\n",
      " ",
      "x",
      "&colon;",
      "https://a.example",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        expect(unsafeParts(renderKbMarkdown(pieces.join("")))).toEqual([]);
      }),
      { seed: 20261207, numRuns: 500 },
    );
  });
});

describe("kbImageIdsIn: the images a body keeps", () => {
  it("names each uploaded image the body shows, once, in order; nothing else", () => {
    const other = "0193a4f2-7c1e-7d2a-9b3c-4d5e6f708193";
    const body = [
      `![one](/api/kb/images/${IMAGE_ID})`,
      `Text ![two](/api/kb/images/${other}) and ![again](/api/kb/images/${IMAGE_ID})`,
      "![elsewhere](https://example.com/x.png)",
      "`![in code](/api/kb/images/0193a4f2-7c1e-7d2a-9b3c-4d5e6f708194)`",
      "[a link, not an image](/api/kb/images/0193a4f2-7c1e-7d2a-9b3c-4d5e6f708195)",
    ].join("\n\n");
    expect(kbImageIdsIn(body)).toEqual([IMAGE_ID, other]);
    expect(kbImageIdsIn("no images")).toEqual([]);
  });
});
