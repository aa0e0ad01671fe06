/**
 * What a formatted reply's HTML may hold: these tags, these attributes, links only to web and
 * mail addresses. The renderer's output is well-formed (every attribute double-quoted, every
 * "<" of text escaped), so reading it tag by tag is exact: a "<" that opens no such tag fails too.
 */
export const REPLY_MARKUP: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  a: ["href", "rel"],
  ul: [],
  ol: ["start"],
  li: [],
  code: [],
  pre: [],
  blockquote: [],
};

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, "&");

/** Everything in `html` beyond the allowed markup (empty when it is safe to show). */
export function unsafeMarkup(html: string, allowed: Record<string, string[]> = REPLY_MARKUP): string[] {
  const found: string[] = [];
  let tags = 0;
  for (const [, , name, attributes] of html.matchAll(/<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>/gi)) {
    tags++;
    const allowedAttributes = allowed[name!.toLowerCase()];
    if (!allowedAttributes) {
      found.push(`tag ${name}`);
      continue;
    }
    for (const [, attribute, value] of attributes!.matchAll(/([a-z-]+)="([^"]*)"/gi)) {
      if (!allowedAttributes.includes(attribute!.toLowerCase())) found.push(`${name}[${attribute}]`);
      if (attribute!.toLowerCase() === "href" && !/^(https?:\/\/|mailto:)/i.test(decode(value!).trim()))
        found.push(`href ${value}`);
    }
  }
  if (tags !== html.split("<").length - 1) found.push('a "<" that opens no well-formed tag');
  return found;
}

/** Every known way of smuggling markup through Markdown: what replies and articles are tested with. */
export const HOSTILE_MARKDOWN: readonly string[] = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  '<p style="position:fixed;inset:0">cover</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<div>\n<a href="javascript:alert(1)">raw block</a>\n</div>',
  "<svg onload=alert(1)>",
  "[a](javascript:alert(1))",
  "[b](JaVaScRiPt:alert(1))",
  "[c](&#106;avascript:alert(1))",
  "[d](&#x6A;avascript&#x3A;alert(1))",
  "[e](java\tscript:alert(1))",
  "[f](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[g](vbscript:msgbox(1))",
  "<javascript:alert(1)>",
  '[h](https://example.com "t\\" onmouseover=\\"alert(1)")',
  '![i](https://example.com/x.png" onerror="alert(1))',
  "[j][1]\n\n[1]: javascript:alert(1)",
  "**<b onclick=alert(1)>bold</b>** _<i style=color:red>it</i>_ `<script>`",
  "> <script>alert(1)</script>\n> [k](javascript:alert(1))",
  "- <a href=javascript:alert(1)>l</a>\n- [m](//evil.example)",
];
