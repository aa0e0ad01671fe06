import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { after } from "next/server";
import { ArticleBody } from "@/components/help-center/article-body";
import { Breadcrumbs } from "@/components/help-center/breadcrumbs";
import { ContactUs } from "@/components/help-center/contact-us";
import { StructuredData } from "@/components/help-center/structured-data";
import { VoteForm } from "@/components/help-center/vote-form";
import { helpCenterArticle } from "@/lib/services/kb/help-center";
import { isReaderView, recordArticleView } from "@/lib/services/kb/views";
import { helpPaths } from "@/lib/site/help-paths";
import { breadcrumbList } from "@/lib/site/help-structured-data";
import { siteUrl } from "@/lib/site/seo";
import { cache } from "react";
import { helpCenterOf, helpMetadata } from "../../help-center";

type Props = {
  params: Promise<{ org: string; slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The published article (drafts, internal articles and unknown slugs are a 404), once per request. */
const load = cache(async (org: string, slug: string) => {
  const center = await helpCenterOf(org);
  const article = await helpCenterArticle(center, slug);
  if (!article) notFound();
  return { center, article };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { org, slug } = await params;
  const { center, article } = await load(org, slug);
  return helpMetadata(center, {
    title: article.title,
    description: article.summary || `${article.title}: an article of the ${center.name} help center.`,
    path: helpPaths(center.slug).article(article.slug),
  });
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** /help/<org>/articles/<slug>: a published article, with "Was this helpful?" and the way to the team. */
export default async function HelpArticlePage({ params, searchParams }: Props) {
  const { org, slug } = await params;
  const { center, article } = await load(org, slug);
  const voted = (await searchParams).voted !== undefined;
  if (isReaderView(await headers())) after(() => recordArticleView(center.id, article.id));

  const paths = helpPaths(center.slug);
  const crumbs = [
    { name: "Help Center", href: paths.home },
    ...(article.category ? [{ name: article.category.name, href: paths.category(article.category.slug) }] : []),
    { name: article.title, href: paths.article(article.slug) },
  ];
  const url = `${siteUrl()}${paths.article(article.slug)}`;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:py-10">
      <StructuredData
        data={[
          {
            "@context": "https://schema.org",
            "@type": "Article",
            headline: article.title,
            description: article.summary || undefined,
            datePublished: (article.publishedAt ?? article.updatedAt).toISOString(),
            dateModified: article.updatedAt.toISOString(),
            mainEntityOfPage: { "@type": "WebPage", "@id": url },
            url,
            author: { "@type": "Organization", name: center.name },
            publisher: { "@type": "Organization", name: center.name },
          },
          breadcrumbList(crumbs),
        ]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <article className="grid gap-6">
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{article.title}</h1>
          {article.summary && <p className="text-lg text-muted-foreground">{article.summary}</p>}
          <p className="text-sm text-muted-foreground">
            Updated <time dateTime={article.updatedAt.toISOString()}>{dateFormat.format(article.updatedAt)}</time>
          </p>
        </header>
        <ArticleBody html={article.bodyHtml} />
      </article>
      <VoteForm org={center.slug} slug={article.slug} voted={voted} />
      <ContactUs org={center.slug} />
    </div>
  );
}
