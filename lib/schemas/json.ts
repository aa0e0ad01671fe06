/**
 * A server shape as the browser receives it: JSON turns every Date into its ISO string and
 * keeps everything else. Hooks and components type responses as `Jsonify<Shape>` of the
 * shape the service declares, so a field changed on the server is a compile error here.
 */
export type Jsonify<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Jsonify<Item>[]
    : T extends object
      ? { [Key in keyof T]: Jsonify<T[Key]> }
      : T;

/**
 * JSON already written out, typed by the value it holds: a service whose answer PostgreSQL built
 * as text hands it on as is, and the route sends it without parsing and writing it again.
 */
export type JsonText<T> = string & { readonly __jsonOf: T };
