import type { Field, FieldType } from "@/lib/services/api/reference";
import { InlineCode } from "./inline-code";

export function TypeName({ type }: { type: FieldType }) {
  if (!type.ref) return <span>{type.text}</span>;
  // The named part of the type links to its schema below; the rest ("array of", "or null") stays text.
  const [before, after] = type.text.split(type.ref) as [string, string?];
  return (
    <span>
      {before}
      <a href={`#schema-${type.ref}`} className="text-primary underline underline-offset-2">
        {type.ref}
      </a>
      {after}
    </span>
  );
}

/** A schema's fields: name, type, whether it is required, what it means and the values it takes. */
export function FieldList({ fields, label }: { fields: (Field & { in?: string })[]; label: string }) {
  return (
    <dl aria-label={label} className="divide-y rounded-md border">
      {fields.map((field) => (
        <div key={`${field.in ?? ""}${field.name}`} className="grid gap-1 px-3 py-2 text-sm sm:grid-cols-[11rem_1fr]">
          <dt className="font-mono break-all">
            {field.name}
            {field.required && <span className="font-sans text-xs text-muted-foreground"> required</span>}
          </dt>
          <dd className="grid gap-1">
            <span className="text-muted-foreground">
              <TypeName type={field.type} />
              {field.in && ` in the ${field.in}`}
            </span>
            {field.description && (
              <span>
                <InlineCode text={field.description} />
              </span>
            )}
            {field.values && (
              <span className="text-muted-foreground">
                One of <InlineCode text={field.values.map((v) => `\`${v}\``).join(", ")} />
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
