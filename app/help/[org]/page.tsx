import type { Metadata } from "next";
import { ChevronRight, Folder } from "lucide-react";
import { ArticleList } from "@/components/help-center/article-list";
import { ContactUs } from "@/components/help-center/contact-us";
import { HelpSearchForm } from "@/components/help-center/search-form";
import { StructuredData } from "@/components/help-center/structured-data";
import { helpCenterHome } from "@/lib/services/kb/help-center";
import { helpPaths } from "@/lib/site/help-paths";
import { siteUrl } from "@/lib/site/seo";
import { helpCenterOf, helpMetadata } from "./help-center";

type Props = { params: Promise<{ org: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const center = await helpCenterOf((await params).org);
  return helpMetadata(center, {
    description: `Answers from the ${center.name} team: search the help center or browse its articles by topic.`,
    path: helpPaths(center.slug).home,
  });
}

/** /help/<org>: the organisation's name, a search box, and its categories with their first articles. */
export default async function HelpCenterHome({ params }: Props) {
  const center = await helpCenterOf((await params).org);
  const paths = helpPaths(center.slug);
  const { categories, uncategorised } = await helpCenterHome(center);
  return (
    <>
      <StructuredData
        data={{
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: `${center.name} Help Center`,
          url: `${siteUrl()}${paths.home}`,
          potentialAction: {
            "@type": "SearchAction",
            target: `${siteUrl()}${paths.search()}?q={search_term_string}`,
            "query-input": "required name=search_term_string",
          },
        }}
      />
      <section className="border-b bg-muted/40">
        <div className="mx-auto grid max-w-3xl gap-5 px-4 py-12 text-center sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">How can we help?</h1>
          <p className="text-muted-foreground">Search the {center.name} help center or browse the topics below.</p>
          <HelpSearchForm org={center.slug} large />
        </div>
      </section>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10">
        {categories.length === 0 && uncategorised.length === 0 ? (
          <p className="text-center text-muted-foreground">No articles have been published yet.</p>
        ) : (
          <section aria-labelledby="topics" className="grid gap-4">
            <h2 id="topics" className="sr-only">
              Topics
            </h2>
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {categories.map((category) => (
                <article key={category.slug} className="flex flex-col gap-3 rounded-lg border bg-card p-5">
                  <div className="grid gap-1">
                    <h3 className="flex items-center gap-2 text-lg font-semibold">
                      <Folder aria-hidden className="size-4 text-primary" />
                      <a href={paths.category(category.slug)} className="hover:underline">
                        {category.name}
                      </a>
                    </h3>
                    {category.description && <p className="text-sm text-muted-foreground">{category.description}</p>}
                  </div>
                  <ul className="grid gap-1.5 text-sm">
                    {category.articles.map((article) => (
                      <li key={article.slug}>
                        <a href={paths.article(article.slug)} className="text-primary hover:underline">
                          {article.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                  {category.total > category.articles.length && (
                    <a
                      href={paths.category(category.slug)}
                      className="mt-auto inline-flex items-center gap-1 text-sm font-medium hover:underline"
                    >
                      All {category.total} articles
                      <ChevronRight aria-hidden className="size-4" />
                    </a>
                  )}
                </article>
              ))}
            </div>
          </section>
        )}
        {uncategorised.length > 0 && (
          <section aria-labelledby="more-articles" className="grid gap-3">
            <h2 id="more-articles" className="text-lg font-semibold">
              {categories.length > 0 ? "More articles" : "Articles"}
            </h2>
            <ArticleList org={center.slug} articles={uncategorised} />
          </section>
        )}
        <ContactUs org={center.slug} />
      </div>
    </>
  );
}
