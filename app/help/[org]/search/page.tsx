import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { ContactUs } from "@/components/help-center/contact-us";
import { HighlightedText } from "@/components/help-center/highlighted-text";
import { Pager } from "@/components/help-center/pager";
import { HelpSearchForm } from "@/components/help-center/search-form";
import { KB_QUERY_MAX } from "@/lib/schemas/kb";
import { clientIp } from "@/lib/http/server/client-ip";
import { searchAllowed } from "@/lib/services/kb/public-throttle";
import { searchHelpCenter } from "@/lib/services/kb/search";
import { helpPaths } from "@/lib/site/help-paths";
import { helpCenterOf, helpMetadata, pageNumber } from "../help-center";

type Props = {
  params: Promise<{ org: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** What was typed ("?q="), trimmed and cut to what a search may ask. */
function typedQuery(value: string | string[] | undefined): string {
  return (typeof value === "string" ? value : "").trim().slice(0, KB_QUERY_MAX);
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const center = await helpCenterOf((await params).org);
  const q = typedQuery((await searchParams).q);
  return helpMetadata(center, {
    title: q ? `Search: ${q}` : "Search",
    description: `Search the articles of the ${center.name} help center.`,
    path: helpPaths(center.slug).search(),
    // Results pages are for visitors, not for search engines' indexes.
    index: false,
  });
}

/** /help/<org>/search?q=...: results rendered on the server, best first, the searched words marked. */
export default async function HelpSearchPage({ params, searchParams }: Props) {
  const center = await helpCenterOf((await params).org);
  const query = await searchParams;
  const q = typedQuery(query.q);
  const paths = helpPaths(center.slug);
  const throttled = q !== "" && !(await searchAllowed(clientIp({ headers: await headers() })));
  const results = q && !throttled ? await searchHelpCenter(center, q, pageNumber(query.page)) : null;
  if (results && pageNumber(query.page) > results.pages) notFound();
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:py-10">
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Search</h1>
        <HelpSearchForm org={center.slug} query={q} autoFocus={!q} />
      </div>
      {throttled && (
        <p role="status" className="text-sm text-muted-foreground">
          Too many searches from your address. Please wait a minute and search again.
        </p>
      )}
      {results && (
        <section aria-labelledby="results" className="grid gap-4">
          <h2 id="results" className="text-sm text-muted-foreground" aria-live="polite">
            {results.total === 0
              ? `No articles match “${q}”.`
              : `${results.total === 1 ? "1 article" : `${results.total} articles`} for “${q}”`}
          </h2>
          {results.hits.length > 0 && (
            <ol className="grid gap-3">
              {results.hits.map((hit) => (
                <li key={hit.slug} className="rounded-lg border bg-card transition-colors hover:bg-accent/50">
                  <a
                    href={paths.article(hit.slug)}
                    className="grid gap-1.5 rounded-lg p-4 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    {hit.category && (
                      <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                        {hit.category.name}
                      </span>
                    )}
                    <span className="text-lg font-semibold text-primary">
                      <HighlightedText pieces={hit.title} />
                    </span>
                    <span className="text-sm text-muted-foreground">
                      <HighlightedText pieces={hit.excerpt} />
                    </span>
                  </a>
                </li>
              ))}
            </ol>
          )}
          <Pager page={results.page} pages={results.pages} href={(n) => paths.search(q, n)} />
        </section>
      )}
      <ContactUs org={center.slug} />
    </div>
  );
}
