"use client";

import { format } from "date-fns";
import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { errorMessage } from "@/lib/http/client/api";
import { ArticlePreview } from "./article-body-field";
import { useKbRevisions, useRestoreRevision, type KbRevisionJson } from "./queries";
import { KbStatusBadge } from "./status-badge";

const when = (at: string) => format(new Date(at), "MMM d, yyyy HH:mm");

function RestoreButton({
  articleId,
  revision,
  onRestored,
}: {
  articleId: string;
  revision: KbRevisionJson;
  onRestored: () => void;
}) {
  const restore = useRestoreRevision(articleId, {
    onSuccess: () => {
      toast({ title: "Version restored", description: `Saved as a new version from ${when(revision.createdAt)}.` });
      onRestored();
    },
    onError: (error) => toastError("Could not restore the version", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm" disabled={restore.isPending}>
          <RotateCcw aria-hidden /> Restore
        </Button>
      }
      title="Restore this version?"
      description={`The article's title, summary, text and category go back to how they were on ${when(revision.createdAt)}; its status stays as it is. It is saved as a new version, so the current one stays in the list.`}
      confirm="Restore version"
      onConfirm={() => restore.mutate(revision.id)}
    />
  );
}

/**
 * Every saved version of an article, newest first: who saved it and when, each to view as the
 * help center would show it, and to restore (after a confirmation) as a new version.
 */
export function ArticleRevisions({ articleId, canWrite }: { articleId: string; canWrite: boolean }) {
  const revisions = useKbRevisions(articleId);
  const [viewing, setViewing] = useState<KbRevisionJson | null>(null);
  const list = revisions.data?.revisions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2 text-base">
          <History className="size-4" aria-hidden /> Versions
        </CardTitle>
        <CardDescription>Every save is kept. View one, or restore it.</CardDescription>
      </CardHeader>
      <CardContent>
        {revisions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading versions...</p>
        ) : revisions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load versions: {errorMessage(revisions.error, "please try again later")}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No versions yet.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Versions">
            {list.map((revision, i) => (
              <li key={revision.id} data-revision={revision.id} className="grid gap-2 rounded-md border p-2.5 text-sm">
                <div className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{when(revision.createdAt)}</span>
                    {i === 0 && <span className="text-xs text-muted-foreground">(current)</span>}
                  </span>
                  <span className="truncate text-xs text-muted-foreground" title={revision.title}>
                    {revision.editor?.name ?? "A former team member"} · {revision.title}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <KbStatusBadge status={revision.status} />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    aria-label={`View the version of ${when(revision.createdAt)}`}
                    onClick={() => setViewing(revision)}
                  >
                    View
                  </Button>
                  {canWrite && i > 0 && (
                    <RestoreButton articleId={articleId} revision={revision} onRestored={() => setViewing(null)} />
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <DialogShell
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title={viewing?.title ?? ""}
        description={
          viewing ? `Saved ${when(viewing.createdAt)} by ${viewing.editor?.name ?? "a former team member"}` : ""
        }
        className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
      >
        {viewing && (
          <div className="grid gap-3" data-revision-view>
            <div className="flex flex-wrap items-center gap-2">
              <KbStatusBadge status={viewing.status} />
              {viewing.summary && <p className="text-sm text-muted-foreground">{viewing.summary}</p>}
            </div>
            <div className="rounded-md border">
              <ArticlePreview body={viewing.body} />
            </div>
            {canWrite && list[0]?.id !== viewing.id && (
              <div className="flex justify-end">
                <RestoreButton articleId={articleId} revision={viewing} onRestored={() => setViewing(null)} />
              </div>
            )}
          </div>
        )}
      </DialogShell>
    </Card>
  );
}
