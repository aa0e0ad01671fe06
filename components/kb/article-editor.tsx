"use client";

import { ArrowLeft, ExternalLink, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OptionSelect, type Option } from "@/components/ui/option-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { ApiError, errorMessage } from "@/lib/http/client/api";
import {
  KB_ARTICLE_STATUSES,
  kbArticleCreateSchema,
  kbArticleUpdateSchema,
  type KbArticleCreate,
} from "@/lib/schemas/kb";
import { ArticleBodyField } from "./article-body-field";
import { ArticleRevisions } from "./article-revisions";
import { goToKb } from "./kb-location";
import {
  useDeleteArticle,
  useKbArticle,
  useKbCategories,
  useKbSettings,
  useSaveArticle,
  type KbArticleJson,
} from "./queries";
import { KB_STATUS_HINTS, KB_STATUS_LABELS, KbStatusBadge } from "./status-badge";

/** A select cannot hold an empty value: this stands for "no category". */
const NONE = "none";

type Values = { title: string; slug: string; summary: string; categoryId: string; status: string; body: string };
type FieldName = keyof Values;
const FIELDS: readonly string[] = ["title", "slug", "summary", "categoryId", "status", "body"] satisfies FieldName[];

const valuesOf = (article: KbArticleJson | null): Values => ({
  title: article?.title ?? "",
  slug: article?.slug ?? "",
  summary: article?.summary ?? "",
  categoryId: article?.categoryId ?? NONE,
  status: article?.status ?? "draft",
  body: article?.body ?? "",
});

/** The problems the server found, by field (a 400's issues; a taken slug is a conflict about the slug). */
function serverIssues(error: unknown): Partial<Record<FieldName, string>> {
  if (!(error instanceof ApiError)) return {};
  const issues = error.details.issues;
  const found: Partial<Record<FieldName, string>> = {};
  if (Array.isArray(issues))
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      const field = String(Array.isArray(issue.path) ? issue.path[0] : issue.path) as FieldName;
      if (FIELDS.includes(field) && !found[field]) found[field] = String(issue.message);
    }
  else if (error.code === "conflict") found.slug = error.error;
  else if (/category/i.test(error.error)) found.categoryId = error.error;
  return found;
}

/** The article's figures of the last 30 days, as the help center and the reply box counted them. */
function ArticleStats({ article }: { article: KbArticleJson }) {
  const { views, helpfulYes, helpfulNo, sentInReplies } = article.stats;
  const votes = helpfulYes + helpfulNo;
  const figures = [
    { label: "Views", value: views.toLocaleString("en-US") },
    {
      label: "Helpful",
      value: votes ? `${Math.round((helpfulYes / votes) * 100)} %` : "–",
      detail: votes ? `${helpfulYes} yes, ${helpfulNo} no` : "No votes yet",
    },
    { label: "Sent in replies", value: sentInReplies.toLocaleString("en-US") },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          Last 30 days
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-3" data-kb-stats>
          {figures.map((f) => (
            <div key={f.label} className="grid content-start gap-0.5">
              <dt className="text-xs text-muted-foreground">{f.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{f.value}</dd>
              {f.detail && <dd className="text-xs text-muted-foreground">{f.detail}</dd>}
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function DeleteArticleButton({ article }: { article: KbArticleJson }) {
  const remove = useDeleteArticle(article.id, {
    onSuccess: () => {
      toast({ title: "Article deleted" });
      goToKb({ page: "articles" });
    },
    onError: (error) => toastError("Could not delete the article", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" className="text-destructive" disabled={remove.isPending}>
          <Trash2 aria-hidden /> Delete
        </Button>
      }
      title="Delete article?"
      description={`"${article.title}" and all its versions will be deleted; its help center page stops existing. Replies that sent it stay as they are.`}
      confirm="Delete article"
      onConfirm={() => remove.mutate()}
    />
  );
}

function ArticleForm({ article, canWrite }: { article: KbArticleJson | null; canWrite: boolean }) {
  const [values, setValues] = useState(() => valuesOf(article));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const categories = useKbCategories();
  const settings = useKbSettings();
  const set = <K extends FieldName>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const save = useSaveArticle(article?.id ?? null, {
    onSuccess: (saved) => {
      toast({ title: article ? "Article saved" : "Article created" });
      if (!article) goToKb({ page: "article", id: saved.id });
    },
    onError: (error) => {
      setErrors(serverIssues(error));
      toastError("Could not save the article", error, "Please try again later");
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: KbArticleCreate = {
      title: values.title,
      summary: values.summary,
      body: values.body,
      status: values.status as KbArticleCreate["status"],
      categoryId: values.categoryId === NONE ? null : values.categoryId,
      // A new article's slug is made from its title unless one is typed.
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    };
    const parsed = (article ? kbArticleUpdateSchema : kbArticleCreateSchema).safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as FieldName;
        if (FIELDS.includes(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      toast({
        title: "Please check the article",
        description: parsed.error.issues[0]?.message,
        variant: "destructive",
      });
      return;
    }
    save.mutate(parsed.data);
  }

  const categoryOptions: Option[] = [
    { value: NONE, label: "No category" },
    ...(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const statusOptions: Option[] = KB_ARTICLE_STATUSES.map((s) => ({ value: s, label: KB_STATUS_LABELS[s] }));
  const status = values.status as keyof typeof KB_STATUS_HINTS;
  const publicUrl =
    article?.status === "published" && settings.data?.helpCenterEnabled
      ? `${settings.data.helpCenterUrl}/articles/${article.slug}`
      : null;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
      <form
        onSubmit={submit}
        noValidate
        className="grid min-w-0 gap-4"
        aria-label={article ? "Edit article" : "New article"}
      >
        <Field id="kb-title" label="Title" error={errors.title} required>
          <Input
            id="kb-title"
            value={values.title}
            onChange={(e) => set("title", e.target.value)}
            placeholder="How do I reset my password?"
            autoComplete="off"
            className="text-base font-medium"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="kb-slug"
            label="Slug"
            error={errors.slug}
            hint={article ? "Part of the article's address in the help center" : "Made from the title if left empty"}
          >
            <Input
              id="kb-slug"
              value={values.slug}
              onChange={(e) => set("slug", e.target.value)}
              placeholder="reset-your-password"
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-sm"
            />
          </Field>
          <Field id="kb-category" label="Category" error={errors.categoryId}>
            <OptionSelect
              id="kb-category"
              label="Category"
              value={values.categoryId}
              options={categoryOptions}
              onChange={(v) => set("categoryId", v)}
            />
          </Field>
        </div>
        <Field id="kb-summary" label="Summary" error={errors.summary} hint="Shown under the title in search results">
          <Textarea
            id="kb-summary"
            rows={2}
            value={values.summary}
            onChange={(e) => set("summary", e.target.value.replace(/\n/g, " "))}
            placeholder="One sentence on what the article answers"
          />
        </Field>
        <ArticleBodyField value={values.body} onChange={(v) => set("body", v)} error={errors.body} />
        <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-start">
          <Field id="kb-status" label="Status" error={errors.status}>
            <OptionSelect
              id="kb-status"
              label="Status"
              value={values.status}
              options={statusOptions}
              onChange={(v) => set("status", v)}
            />
          </Field>
          <p className="text-sm text-muted-foreground sm:pt-7">{KB_STATUS_HINTS[status]}</p>
        </div>
        {canWrite && (
          <div className="flex flex-wrap items-center gap-2 border-t pt-4">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : article ? "Save Article" : "Create Article"}
            </Button>
            <Button type="button" variant="outline" onClick={() => goToKb({ page: "articles" })}>
              Cancel
            </Button>
            {article && (
              <div className="ml-auto">
                <DeleteArticleButton article={article} />
              </div>
            )}
          </div>
        )}
      </form>
      {article && (
        <aside className="grid min-w-0 gap-4" aria-label="About this article">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <KbStatusBadge status={article.status} />
            <span>
              By {article.author?.name ?? "a former team member"}
              {article.editor ? `, last edited by ${article.editor.name}` : ""}
            </span>
          </div>
          {publicUrl && (
            <Button asChild variant="outline" size="sm" className="w-fit">
              <a href={publicUrl} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden /> View in help center
              </a>
            </Button>
          )}
          <ArticleStats article={article} />
          <ArticleRevisions articleId={article.id} canWrite={canWrite} />
        </aside>
      )}
    </div>
  );
}

/** Writing a new article (`id` null) or editing one, with its figures and versions beside it. */
export function ArticleEditor({ id, canWrite }: { id: string | null; canWrite: boolean }) {
  const article = useKbArticle(id);
  const back = (
    <Button type="button" variant="ghost" size="sm" className="w-fit" onClick={() => goToKb({ page: "articles" })}>
      <ArrowLeft aria-hidden /> All articles
    </Button>
  );
  if (id && article.isPending) return <p className="text-sm text-muted-foreground">Loading article...</p>;
  if (id && article.isError)
    return (
      <div className="grid gap-2">
        {back}
        <p role="alert" className="text-sm text-destructive">
          {article.error instanceof ApiError && article.error.status === 404
            ? "Article not found. It may have been deleted."
            : `Failed to load the article: ${errorMessage(article.error, "please try again later")}`}
        </p>
      </div>
    );
  const loaded = id ? (article.data ?? null) : null;
  return (
    <section className="grid gap-3" aria-labelledby="kb-editor-heading">
      {back}
      <h3 id="kb-editor-heading" className="text-lg font-semibold break-words">
        {loaded ? loaded.title : "New article"}
      </h3>
      {/* A restore or another save starts the form afresh from what the server holds. */}
      <ArticleForm key={loaded ? `${loaded.id}:${loaded.updatedAt}` : "new"} article={loaded} canWrite={canWrite} />
    </section>
  );
}
