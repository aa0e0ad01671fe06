import { applyFormat, formatForKey, type TextEdit } from "@/lib/format/markdown-edit";

/** The text with the selection drawn in as ⟨ and ⟩, to read each case at a glance. */
const show = ({ value, start, end }: TextEdit) =>
  `${value.slice(0, start)}⟨${value.slice(start, end)}⟩${value.slice(end)}`;
/** The reverse: "a ⟨b⟩ c" is "a b c" with "b" selected. */
const at = (drawn: string): TextEdit => {
  const start = drawn.indexOf("⟨");
  const end = drawn.indexOf("⟩") - 1;
  return { value: drawn.replace("⟨", "").replace("⟩", ""), start, end };
};

describe("applyFormat", () => {
  it("wraps the selection in bold or italic, and takes it off again", () => {
    expect(show(applyFormat("bold", at("make ⟨this⟩ bold")))).toBe("make **⟨this⟩** bold");
    expect(show(applyFormat("bold", at("make **⟨this⟩** bold")))).toBe("make ⟨this⟩ bold");
    expect(show(applyFormat("italic", at("an ⟨aside⟩")))).toBe("an _⟨aside⟩_");
  });

  it("with nothing selected, writes a placeholder to type over", () => {
    expect(show(applyFormat("bold", at("Hi ⟨⟩")))).toBe("Hi **⟨bold text⟩**");
    expect(show(applyFormat("code", at("run ⟨⟩")))).toBe("run `⟨code⟩`");
  });

  it("makes a link of the selected words and selects the address to type", () => {
    expect(show(applyFormat("link", at("read ⟨our docs⟩ now")))).toBe("read [our docs](⟨https://⟩) now");
    expect(show(applyFormat("link", at("see ⟨https://example.com⟩")))).toBe("see [⟨link text⟩](https://example.com)");
    expect(show(applyFormat("link", at("see ⟨⟩")))).toBe("see [link text](⟨https://⟩)");
  });

  it("puts a selection of several lines in a fenced code block", () => {
    expect(show(applyFormat("code", at("Run:\n⟨npm i\nnpm start⟩")))).toBe("Run:\n```\n⟨npm i\nnpm start⟩\n```\n");
  });

  it("starts or ends a list or a quote on every selected line", () => {
    expect(show(applyFormat("list", at("⟨one\ntwo⟩")))).toBe("⟨- one\n- two⟩");
    expect(show(applyFormat("list", at("⟨- one\n- two⟩")))).toBe("⟨one\ntwo⟩");
    expect(show(applyFormat("quote", at("intro\nsa⟨⟩id")))).toBe("intro\n> sa⟨⟩id");
    expect(show(applyFormat("quote", at("⟨⟩\nnext")))).toBe("> ⟨⟩\nnext");
  });
});

describe("formatForKey", () => {
  const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>> = {}) =>
    formatForKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

  it("knows Ctrl/Cmd+B, Ctrl/Cmd+I and Ctrl/Cmd+Shift+L", () => {
    expect(key("b", { ctrlKey: true })).toBe("bold");
    expect(key("B", { metaKey: true })).toBe("bold");
    expect(key("i", { ctrlKey: true })).toBe("italic");
    expect(key("L", { ctrlKey: true, shiftKey: true })).toBe("link");
  });

  it("leaves Ctrl+K to the command palette, and plain typing alone", () => {
    expect(key("k", { ctrlKey: true })).toBeNull();
    expect(key("b")).toBeNull();
    expect(key("b", { ctrlKey: true, altKey: true })).toBeNull();
    expect(key("l", { ctrlKey: true })).toBeNull();
  });
});
