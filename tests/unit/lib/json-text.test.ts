import { jsonText, withFields } from "@/lib/server/json-text";

// A list row's JSON text as PostgreSQL writes it, with the fields the app adds after its own.

test("fields are added after the object's own, as JSON would write them", () => {
  const row = '{"id" : "t1", "subject" : "a } in text"}';
  const text = withFields(row, { assigneeName: 'Zoë "Z"', tags: ["urgent", "billing"] });
  expect(JSON.parse(text)).toEqual({
    id: "t1",
    subject: "a } in text",
    assigneeName: 'Zoë "Z"',
    tags: ["urgent", "billing"],
  });
});

test("no fields leave the text as it was; null is written as null", () => {
  expect(withFields('{"id" : "t1"}', {})).toBe('{"id" : "t1"}');
  expect(JSON.parse(withFields('{"id" : "t1"}', { assigneeName: null }))).toEqual({ id: "t1", assigneeName: null });
});

test("a value becomes its JSON text", () => {
  expect(jsonText([])).toBe("[]");
  expect(JSON.parse(jsonText({ a: [1, "b"] }))).toEqual({ a: [1, "b"] });
});
