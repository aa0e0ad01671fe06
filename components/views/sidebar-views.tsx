"use client";

import { ArrowDown, ArrowUp, Bookmark, MoreHorizontal, Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogShell } from "@/components/ui/dialog-shell";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  SidebarGroup,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from "@/components/ui/sidebar";
import { toastError } from "@/components/ui/toast-error";
import {
  navigateWorkspace,
  useWorkspaceLocation,
  workspaceHref,
  type WorkspaceLocation,
} from "@/components/workspace/workspace-location";
import type { Jsonify } from "@/lib/schemas/json";
import { SAVED_VIEW_NAME_MAX, viewCountLabel, type SavedView, type SavedViewFilters } from "@/lib/schemas/views";
import { MORE_FILTER_KEYS, NO_LIST_PARAMS, type ListParams } from "@/lib/tickets/list-params";
import { fieldKeyOf, fieldRef, isFieldRef } from "@/lib/schemas/fields-custom";
import { VIEWS, type View } from "@/lib/tickets/views";
import { useSavedViews, useViewMutations } from "./queries";

type ViewJson = Jsonify<SavedView>;

const isQueue = (section: string): section is View => (VIEWS as readonly string[]).includes(section);

/** Where a view opens: its queue (all open tickets when it names none) with its filters and order in the address. */
function viewDestination(view: ViewJson): { section: string; list: ListParams } {
  const f = view.filters;
  const more = Object.fromEntries(MORE_FILTER_KEYS.flatMap((key) => (f[key] ? [[key, f[key]]] : [])));
  const fields = Object.fromEntries(
    Object.entries(f).flatMap(([name, value]) =>
      isFieldRef(name) && typeof value === "string" ? [[fieldKeyOf(name), value]] : [],
    ),
  );
  return {
    section: f.view ?? "all-open",
    list: {
      ...NO_LIST_PARAMS,
      q: f.q ?? "",
      status: (f.status as ListParams["status"]) ?? null,
      priority: (f.priority as ListParams["priority"]) ?? null,
      tag: f.tag ?? "",
      group: f.group ?? "",
      company: f.company ?? "",
      // A company's tickets saved from "All tickets of ..." are all of them, open or not, as there.
      everywhere: !f.view && !!f.company,
      sort: view.sort,
      ...(Object.keys(more).length > 0 && { more }),
      ...(Object.keys(fields).length > 0 && { fields }),
    },
  };
}

export const viewHref = (view: ViewJson) => workspaceHref({ ...viewDestination(view), ticket: null });

/** The list's current filters as a view keeps them (the queue it is in, its filters, its search). */
function currentFilters({ section, list }: WorkspaceLocation): SavedViewFilters {
  return {
    ...(isQueue(section) && !list.everywhere && { view: section }),
    ...(list.status && { status: list.status }),
    ...(list.priority && { priority: list.priority }),
    ...(list.tag && { tag: list.tag }),
    ...(list.group && { group: list.group }),
    ...(list.company && { company: list.company }),
    ...(list.q && { q: list.q }),
    ...list.more,
    ...Object.fromEntries(Object.entries(list.fields ?? {}).map(([key, value]) => [fieldRef(key), value])),
  } as SavedViewFilters;
}

/**
 * The sidebar's saved views under the queues: the team's shared ones, then the agent's own,
 * each with its count (kept fresh like the queue counts: a live ticket change fetches it again).
 * "Save view" keeps the list as it is now; each view the agent may change has its menu
 * (rename, move up or down, delete).
 */
export function SidebarViews({ onNavigate }: { onNavigate: () => void }) {
  const pathname = usePathname();
  const location = useWorkspaceLocation();
  const views = useSavedViews();
  const [saving, setSaving] = useState(false);
  const onApp = pathname === "/app";
  const here = onApp
    ? workspaceHref({ section: location.section || "my-open", ticket: null, list: location.list })
    : "";
  const list = views.data?.views ?? [];
  const canShare = views.data?.canManageShared ?? false;

  return (
    <SidebarGroup>
      <div className="flex items-center justify-between">
        <SidebarGroupLabel>Views</SidebarGroupLabel>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs group-data-[collapsible=icon]:hidden"
          onClick={() => setSaving(true)}
          disabled={!onApp || !isQueue(location.section || "my-open")}
          title={onApp ? "Save the list's filters as a view" : "Open a queue to save its filters as a view"}
        >
          <Plus className="size-3.5" />
          Save view
        </Button>
      </div>
      <SidebarMenu>
        {list.length === 0 && views.isSuccess && (
          <li className="px-2 py-1 text-xs text-muted-foreground group-data-[collapsible=icon]:hidden">
            No saved views yet
          </li>
        )}
        {list.map((view) => {
          const section = list.filter((v) => v.shared === view.shared);
          const index = section.findIndex((v) => v.id === view.id);
          return (
            <ViewItem
              key={view.id}
              view={view}
              active={here === viewHref(view)}
              onApp={onApp}
              changeable={!view.shared || canShare}
              neighbours={{ section, index }}
              onNavigate={onNavigate}
            />
          );
        })}
      </SidebarMenu>
      {saving && (
        <SaveViewDialog
          open={saving}
          onOpenChange={setSaving}
          filters={currentFilters({ ...location, section: location.section || "my-open" })}
          sort={location.list.sort}
          canShare={canShare}
        />
      )}
    </SidebarGroup>
  );
}

function ViewItem({
  view,
  active,
  onApp,
  changeable,
  neighbours: { section, index },
  onNavigate,
}: {
  view: ViewJson;
  active: boolean;
  onApp: boolean;
  changeable: boolean;
  neighbours: { section: ViewJson[]; index: number };
  onNavigate: () => void;
}) {
  const { rename, remove, reorder } = useViewMutations();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const href = viewHref(view);
  const move = (by: -1 | 1) => {
    const ids = section.map((v) => v.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids, { onError: (error) => toastError("Views not reordered", error, "Please try again later") });
  };
  const label = `${view.name}${view.shared ? " (shared)" : ""}`;

  return (
    <SidebarMenuItem className="flex items-center gap-0.5">
      <SidebarMenuButton asChild isActive={active} tooltip={label} className="min-w-0 flex-1">
        <Link
          href={href}
          data-testid={`view-${view.id}`}
          onClick={(event) => {
            if (onApp && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && event.button === 0) {
              event.preventDefault();
              navigateWorkspace({ ...viewDestination(view), ticket: null });
            }
            onNavigate();
          }}
        >
          <Bookmark className={view.shared ? "fill-current" : undefined} aria-hidden />
          <span className="truncate">{view.name}</span>
          <span
            className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums"
            data-testid={`view-count-${view.id}`}
          >
            {viewCountLabel(view)}
          </span>
        </Link>
      </SidebarMenuButton>
      {changeable && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-7 shrink-0 group-data-[collapsible=icon]:hidden"
              aria-label={`Change view ${view.name}`}
            >
              <MoreHorizontal className="size-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setRenaming(true)}>
              <Pencil /> Rename
            </DropdownMenuItem>
            <DropdownMenuItem disabled={index === 0} onSelect={() => move(-1)}>
              <ArrowUp /> Move up
            </DropdownMenuItem>
            <DropdownMenuItem disabled={index === section.length - 1} onSelect={() => move(1)}>
              <ArrowDown /> Move down
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
              <Trash2 /> Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {renaming && (
        <NameDialog
          open={renaming}
          onOpenChange={setRenaming}
          title="Rename view"
          description={view.shared ? "The team sees the new name too." : "Only you see this view."}
          initial={view.name}
          pending={rename.isPending}
          onSave={(name, done) =>
            rename.mutate(
              { id: view.id, name },
              { onSuccess: done, onError: (error) => toastError("View not renamed", error, "Please try again later") },
            )
          }
        />
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete the view "${view.name}"?`}
        description={
          view.shared
            ? "It leaves everyone's sidebar. The tickets stay as they are."
            : "It leaves your sidebar. The tickets stay as they are."
        }
        confirm="Delete view"
        onConfirm={() =>
          remove.mutate(view.id, {
            onError: (error) => toastError("View not deleted", error, "Please try again later"),
          })
        }
      />
    </SidebarMenuItem>
  );
}

function NameDialog({
  open,
  onOpenChange,
  title,
  description,
  initial,
  pending,
  onSave,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  initial: string;
  pending: boolean;
  onSave: (name: string, done: () => void) => void;
  children?: React.ReactNode;
}) {
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim()) onSave(name.trim(), () => onOpenChange(false));
  };
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title={title} description={description} onSubmit={submit}>
      <div className="grid gap-2">
        <Label htmlFor="view-name">Name</Label>
        <Input
          id="view-name"
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
      </div>
      {children}
      <DialogActions label="Save" pendingLabel="Saving..." pending={pending} disabled={!name.trim()} />
    </DialogShell>
  );
}

function SaveViewDialog({
  open,
  onOpenChange,
  filters,
  sort,
  canShare,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: SavedViewFilters;
  sort: ListParams["sort"];
  canShare: boolean;
}) {
  const { save } = useViewMutations();
  const [shared, setShared] = useState(false);
  return (
    <NameDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save view"
      description="Keeps the list's queue, filters, search and order under a name in the sidebar."
      initial=""
      pending={save.isPending}
      onSave={(name, done) =>
        save.mutate(
          { name, shared, filters, ...(sort && { sort }) },
          {
            onSuccess: done,
            onError: (error) => toastError("View not saved", error, "Please try again later"),
          },
        )
      }
    >
      {canShare && (
        <div className="flex items-center gap-2">
          <Checkbox id="view-shared" checked={shared} onCheckedChange={(value) => setShared(value === true)} />
          <Label htmlFor="view-shared">Share with the team</Label>
        </div>
      )}
    </NameDialog>
  );
}
