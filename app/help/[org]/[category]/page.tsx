import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArticleList } from "@/components/help-center/article-list";
import { Breadcrumbs } from "@/components/help-center/breadcrumbs";
import { ContactUs } from "@/components/help-center/contact-us";
import { Pager } from "@/components/help-center/pager";
import { HelpSearchForm } from "@/components/help-center/search-form";
import { StructuredData } from "@/components/help-center/structured-data";
import { helpCenterCategory } from "@/lib/services/kb/help-center";
import { helpPaths } from "@/lib/site/help-paths";
import { breadcrumbList } from "@/lib/site/help-structured-data";
import { helpCenterOf, helpMetadata, pageNumber } from "../help-center";

type Props = {
  params: Promise<{ org: string; category: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function load({ params, searchParams }: Props) {
  const { org, category: slug } = await params;
  const center = await helpCenterOf(org);
  const page = pageNumber((await searchParams).page);
  const category = await helpCenterCategory(center, slug, page);
  if (!category || (page > 1 && page > category.pages)) notFound();
  return { center, category, page };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { center, category, page } = await load(props);
  return helpMetadata(center, {
    title: category.name,
    description: category.description || `${category.name}: articles of the ${center.name} help center.`,
    path: helpPaths(center.slug).category(category.slug, page),
  });
}

/** /help/<org>/<category>: a category's published articles by title. */
export default async function HelpCategoryPage(props: Props) {
  const { center, category, page } = await load(props);
  const paths = helpPaths(center.slug);
  const crumbs = [
    { name: "Help Center", href: paths.home },
    { name: category.name, href: paths.category(category.slug) },
  ];
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:py-10">
      <StructuredData data={breadcrumbList(crumbs)} />
      <div className="grid gap-4">
        <Breadcrumbs crumbs={crumbs} />
        <HelpSearchForm org={center.slug} />
      </div>
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{category.name}</h1>
        {category.description && <p className="text-muted-foreground">{category.description}</p>}
        <p className="text-sm text-muted-foreground">
          {category.total === 1 ? "1 article" : `${category.total} articles`}
        </p>
      </header>
      {category.articles.length > 0 ? (
        <ArticleList org={center.slug} articles={category.articles} />
      ) : (
        <p className="text-muted-foreground">No articles in this category yet.</p>
      )}
      <Pager page={page} pages={category.pages} href={(n) => paths.category(category.slug, n)} />
      <ContactUs org={center.slug} />
    </div>
  );
}
