import type { ReferenceCall } from "@/lib/services/api/reference";
import { CodeBlock } from "./code-block";
import { FieldList, TypeName } from "./field-list";
import { InlineCode } from "./inline-code";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One call of the API: what it does, what it takes, its example request and answer, its errors. */
export function ApiCall({ call }: { call: ReferenceCall }) {
  return (
    <section id={call.id} aria-labelledby={`${call.id}-title`} className="grid scroll-mt-20 gap-4 border-t pt-8">
      <header className="grid gap-2">
        <h3 id={`${call.id}-title`} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          <span className="rounded bg-primary px-1.5 py-0.5 font-mono text-xs text-primary-foreground">
            {call.method}
          </span>{" "}
          <span className="font-mono break-all">{call.path}</span>
        </h3>
        <p>{call.summary}</p>
        <p className="text-sm text-muted-foreground">
          <InlineCode text={call.description} /> Operation <code className="font-mono">{call.id}</code>.
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          {call.parameters.length > 0 && (
            <div className="grid gap-2">
              <h4 className="font-medium">Parameters</h4>
              <FieldList fields={call.parameters} label={`Parameters of ${call.id}`} />
            </div>
          )}
          {call.body && (
            <div className="grid gap-2">
              <h4 className="font-medium">
                Body:{" "}
                {call.body.form ? (
                  <span className="font-mono">multipart/form-data</span>
                ) : (
                  <TypeName type={call.body.type} />
                )}
              </h4>
              <FieldList fields={call.body.fields} label={`Body of ${call.id}`} />
            </div>
          )}
          <div className="grid gap-2">
            <h4 className="font-medium">
              Answer {call.answer.status}: <TypeName type={call.answer.type} />
            </h4>
            {call.answer.fields.length > 0 && <FieldList fields={call.answer.fields} label={`Answer of ${call.id}`} />}
          </div>
          <div className="grid gap-2">
            <h4 className="font-medium">Errors</h4>
            <ul className="grid gap-1 text-sm">
              {call.errors.map((error) => (
                <li key={error.status}>
                  <span className="font-mono">{error.status}</span> <InlineCode text={error.description} />
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <CodeBlock label={`Example request: ${call.id}`} code={call.curl} />
          {call.body?.example !== undefined && (
            <CodeBlock label={`Example body: ${call.id}`} code={json(call.body.example)} />
          )}
          <CodeBlock label={`Example answer: ${call.id} (${call.answer.status})`} code={json(call.answer.example)} />
        </div>
      </div>
    </section>
  );
}
