import type { ApiReference as Reference } from "@/lib/services/api/reference";
import { ApiCall } from "./api-call";
import { FieldList } from "./field-list";
import { InlineCode } from "./inline-code";

/** The API reference: an introduction, the calls by resource with a contents list, then the schemas. */
export function ApiReference({ reference }: { reference: Reference }) {
  return (
    <article className="mx-auto grid max-w-6xl gap-10 px-4 py-12 leading-relaxed">
      <header className="grid gap-3">
        <h1 className="text-4xl font-bold tracking-tight">{reference.title} reference</h1>
        <p className="max-w-3xl">
          <InlineCode text={reference.description} />
        </p>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Admins create tokens in Settings &gt; API. This page is written from the API&apos;s OpenAPI 3.1 document,{" "}
          <a href="/api/v1/openapi.json" className="text-primary underline underline-offset-2">
            /api/v1/openapi.json
          </a>
          , which code generators and API tools read.
        </p>
      </header>
      <nav aria-label="Calls" className="grid gap-3 rounded-md border p-4">
        <h2 className="font-semibold">Calls</h2>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {reference.groups.map((group) => (
            <div key={group.name} className="grid content-start gap-1">
              <h3 className="text-sm font-medium text-muted-foreground">{group.name}</h3>
              <ul className="grid gap-1 text-sm">
                {group.calls.map((call) => (
                  <li key={call.id}>
                    <a href={`#${call.id}`} className="hover:underline">
                      <span className="inline-block w-16 font-mono text-xs">{call.method}</span>{" "}
                      <span className="font-mono break-all">{call.path}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
      {reference.groups.map((group) => (
        <section key={group.name} aria-labelledby={`group-${group.name}`} className="grid gap-8">
          <h2 id={`group-${group.name}`} className="text-2xl font-semibold">
            {group.name}
          </h2>
          {group.calls.map((call) => (
            <ApiCall key={call.id} call={call} />
          ))}
        </section>
      ))}
      <section aria-labelledby="schemas" className="grid gap-6">
        <h2 id="schemas" className="text-2xl font-semibold">
          Schemas
        </h2>
        {reference.schemas.map((schema) => (
          <section
            key={schema.id}
            id={`schema-${schema.id}`}
            aria-labelledby={`schema-${schema.id}-title`}
            className="grid scroll-mt-20 gap-2"
          >
            <h3 id={`schema-${schema.id}-title`} className="font-mono text-lg font-semibold">
              {schema.id}
            </h3>
            {schema.description && <p className="text-sm text-muted-foreground">{schema.description}</p>}
            <FieldList fields={schema.fields} label={`Fields of ${schema.id}`} />
          </section>
        ))}
      </section>
    </article>
  );
}
