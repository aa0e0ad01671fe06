"use client";

import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { toastError } from "@/components/ui/toast-error";
import { ApiError, errorMessage } from "@/lib/http/client/api";
import { kbCategoryCreateSchema } from "@/lib/schemas/kb";
import {
  useCreateCategory,
  useDeleteCategory,
  useKbCategories,
  useUpdateCategory,
  type KbCategoryJson,
} from "./queries";

/** The name's problem: the schema's, or the server's (a 400's issue, a name or slug taken). */
const nameProblem = (error: unknown) => (error instanceof ApiError ? error.error : undefined);

function CategoryForm({ category, onDone }: { category: KbCategoryJson | null; onDone: () => void }) {
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [error, setError] = useState<string>();
  const callbacks = {
    onSuccess: () => onDone(),
    onError: (failure: Error) => {
      setError(nameProblem(failure));
      toastError("Could not save the category", failure, "Please try again later");
    },
  };
  const create = useCreateCategory(callbacks);
  const update = useUpdateCategory(callbacks);
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = kbCategoryCreateSchema.safeParse({ name, description });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (category)
      update.mutate({ id: category.id, change: { name: parsed.data.name, description: parsed.data.description } });
    else create.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field id="kb-category-name" label="Name" error={error} required>
        <Input
          id="kb-category-name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          placeholder="Billing"
          autoComplete="off"
        />
      </Field>
      <Field id="kb-category-description" label="Description" hint="Shown under the name in the help center">
        <Input
          id="kb-category-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Invoices, payment methods and refunds"
          autoComplete="off"
        />
      </Field>
      <DialogActions
        label={category ? "Save Category" : "Create Category"}
        pendingLabel="Saving..."
        pending={pending}
      />
    </form>
  );
}

function CategoryRow({
  category,
  index,
  count,
  onEdit,
}: {
  category: KbCategoryJson;
  index: number;
  count: number;
  onEdit: () => void;
}) {
  const move = useUpdateCategory({
    onError: (error) => toastError("Could not move the category", error, "Please try again later"),
  });
  const remove = useDeleteCategory({
    onError: (error) => toastError("Could not delete the category", error, "Please try again later"),
  });
  const moveTo = (position: number) => move.mutate({ id: category.id, change: { position } });
  const articles = category.articleCount === 1 ? "1 article" : `${category.articleCount} articles`;
  return (
    <li
      data-category={category.name}
      className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
    >
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words">{category.name}</span>
        <span className="text-sm break-words text-muted-foreground">
          {articles}
          {category.description ? ` · ${category.description}` : ""}
        </span>
      </div>
      <div className="flex flex-wrap gap-1 sm:justify-end">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${category.name} up`}
          disabled={index === 0 || move.isPending}
          onClick={() => moveTo(index - 1)}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${category.name} down`}
          disabled={index === count - 1 || move.isPending}
          onClick={() => moveTo(index + 1)}
        >
          <ArrowDown aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Rename ${category.name}`} onClick={onEdit}>
          <Pencil aria-hidden />
          <span className="max-sm:sr-only">Rename</span>
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Delete ${category.name}`} disabled={remove.isPending}>
              <Trash2 aria-hidden />
              <span className="max-sm:sr-only">Delete</span>
            </Button>
          }
          title="Delete category?"
          description={`"${category.name}" will be deleted. Its ${articles} stay, without a category, and its help center page stops existing.`}
          confirm="Delete category"
          onConfirm={() => remove.mutate(category.id)}
        />
      </div>
    </li>
  );
}

/** The help center's categories, in the order it lists them: admins create, rename, reorder and delete them. */
export function CategoriesCard() {
  const categories = useKbCategories();
  const [editing, setEditing] = useState<KbCategoryJson | null>(null);
  const [open, setOpen] = useState(false);
  const list = categories.data?.categories ?? [];
  const edit = (category: KbCategoryJson | null) => {
    setEditing(category);
    setOpen(true);
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h3">Categories</CardTitle>
          <CardDescription>The help center lists its articles under these, in this order.</CardDescription>
        </div>
        <Button onClick={() => edit(null)}>
          <Plus aria-hidden /> New Category
        </Button>
      </CardHeader>
      <CardContent>
        {categories.isPending ? (
          <p className="text-sm text-muted-foreground">Loading categories...</p>
        ) : categories.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load categories: {errorMessage(categories.error, "please try again later")}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No categories yet. Create one to group your articles.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Categories">
            {list.map((category, i) => (
              <CategoryRow
                key={category.id}
                category={category}
                index={i}
                count={list.length}
                onEdit={() => edit(category)}
              />
            ))}
          </ol>
        )}
      </CardContent>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={editing ? `Rename category "${editing.name}"` : "New category"}
        description="A group of articles with a page of its own in the help center."
      >
        {(done) => <CategoryForm key={editing?.id ?? "new"} category={editing} onDone={done} />}
      </FormDialog>
    </Card>
  );
}
