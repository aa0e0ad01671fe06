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
