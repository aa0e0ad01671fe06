"use client";

import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/components/users/use-current-user";
import { useWorkspaceLocation } from "@/components/workspace/workspace-location";
import { can } from "@/lib/permissions/table";
import { cn } from "@/lib/utils";
import { ArticleEditor } from "./article-editor";
import { ArticleList } from "./article-list";
import { CategoriesCard } from "./categories-card";
import { HelpCenterSettings } from "./help-center-settings";
import { KbInsights } from "./insights";
import { kbViewOf, type KbView } from "./kb-location";
import { KbLink } from "./kb-link";
import { useKbSettings } from "./queries";

type Tab = { view: KbView; label: string };

/** The tabs each person sees: everyone of the team writes and reads the figures; admins also arrange and configure. */
function tabsFor(manage: boolean): Tab[] {
  const tabs: Tab[] = [
    { view: { page: "articles" }, label: "Articles" },
    { view: { page: "insights" }, label: "Insights" },
  ];
  if (manage)
    tabs.push({ view: { page: "categories" }, label: "Categories" }, { view: { page: "settings" }, label: "Settings" });
  return tabs;
}

/** The open tab: an article (new or existing) belongs to Articles. */
const tabOf = (view: KbView) => (view.page === "new" || view.page === "article" ? "articles" : view.page);

/**
 * /app#knowledge-base: the team's articles (list and editor), the help center's figures of the
 * last 30 days, and for admins its categories and settings. The hash names the tab and the
 * open article, so a link or a reload opens the same place.
 */
export function KnowledgeBase() {
  const me = useCurrentUser();
  const { section } = useWorkspaceLocation();
  const settings = useKbSettings();
  const manage = can(me, "kb.manage");
  const canWrite = can(me, "kb.write");
  const requested = kbViewOf(section);
  // An agent sent to an admin's tab sees the articles instead.
  const view: KbView =
    !manage && (requested.page === "categories" || requested.page === "settings") ? { page: "articles" } : requested;
  const open = tabOf(view);
  const helpCenter = settings.data?.helpCenterEnabled ? settings.data.helpCenterUrl : null;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-4 overflow-y-auto p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-2xl font-semibold">Knowledge Base</h2>
          <p className="text-sm text-muted-foreground">Answers your team writes once and customers find themselves.</p>
        </div>
        {helpCenter && (
          <Button asChild variant="outline" size="sm">
            <a href={helpCenter} target="_blank" rel="noreferrer" data-help-center-link>
              <ExternalLink aria-hidden /> View help center
            </a>
          </Button>
        )}
      </header>
      <nav aria-label="Knowledge base" className="border-b">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {tabsFor(manage).map((tab) => {
            const current = tab.view.page === open;
            return (
              <li key={tab.view.page}>
                <KbLink
                  to={tab.view}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                    current
                      ? "border-primary text-foreground"
                      : "border-transparent text-muted-foreground hover:text-foreground",
                  )}
                >
                  {tab.label}
                </KbLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {view.page === "articles" && <ArticleList canWrite={canWrite} />}
      {view.page === "new" && <ArticleEditor id={null} canWrite={canWrite} />}
      {view.page === "article" && <ArticleEditor key={view.id} id={view.id} canWrite={canWrite} />}
      {view.page === "insights" && <KbInsights />}
      {view.page === "categories" && <CategoriesCard />}
      {view.page === "settings" && <HelpCenterSettings />}
    </div>
  );
}
