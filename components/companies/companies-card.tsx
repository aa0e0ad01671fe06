"use client";

import { Pencil, Plus, Trash2, Users } from "lucide-react";
import Link from "next/link";
import { useState, useSyncExternalStore } from "react";
import { addressStore } from "@/lib/http/client/address-store";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SearchInput } from "@/components/ui/search-input";
import { toastError } from "@/components/ui/toast-error";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { companyTicketsHref } from "./company-links";
import { CompanyDialog } from "./company-dialog";
import { CompanyPeopleDialog } from "./company-people-dialog";
import { useCompanies, useDeleteCompany, type CompanyJson } from "./queries";

const address = addressStore("settings-company");
const linkedCompany = () => new URLSearchParams(window.location.search).get("company");

function DeleteCompanyButton({ company }: { company: CompanyJson }) {
  const remove = useDeleteCompany(company.id, {
    // No toast on success: the company leaves the list.
    onError: (error) => toastError("Could not delete the company", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${company.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      }
      title="Delete company?"
      description={`"${company.name}" and its notes will be deleted, with the people added to it by hand. Its ${company.tickets} ticket${company.tickets === 1 ? "" : "s"} stay, without a company.`}
      confirm="Delete company"
      onConfirm={() => remove.mutate()}
    />
  );
}

function CompanyRow({
  company,
  canManage,
  onEdit,
  onPeople,
}: {
  company: CompanyJson;
  canManage: boolean;
  onEdit: () => void;
  onPeople: () => void;
}) {
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start" data-company={company.name}>
      <div className="grid min-w-0 gap-1">
        <span className="font-medium break-words">{company.name}</span>
        <div className="flex flex-wrap gap-1">
          {company.domains.map((d) => (
            <Badge key={d} variant="outline">
              {d}
            </Badge>
          ))}
          {company.members > 0 && <Badge variant="secondary">{company.members} added by hand</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          <Link href={companyTicketsHref(company.id)} className="underline-offset-4 hover:underline">
            {company.tickets} ticket{company.tickets === 1 ? "" : "s"}
          </Link>
          , {company.openTickets} open
        </p>
        {company.notes && <p className="line-clamp-2 text-sm break-words whitespace-pre-wrap">{company.notes}</p>}
      </div>
      <div className="flex flex-wrap gap-1 sm:justify-end">
        <Button variant="ghost" size="sm" aria-label={`People of ${company.name}`} onClick={onPeople}>
          <Users aria-hidden />
          <span className="max-sm:sr-only">People</span>
        </Button>
        {canManage && (
          <>
            <Button variant="ghost" size="sm" aria-label={`Edit ${company.name}`} onClick={onEdit}>
              <Pencil aria-hidden />
              <span className="max-sm:sr-only">Edit</span>
            </Button>
            <DeleteCompanyButton company={company} />
          </>
        )}
      </div>
    </li>
  );
}

/**
 * Settings > Companies: the customer companies, each with the domains its people write from,
 * the people added by hand and the team's notes. Staff read them; admins manage them. Every plan.
 */
export function CompaniesCard({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 250);
  const companies = useCompanies(q);
  const [editing, setEditing] = useState<CompanyJson | null>(null);
  const [open, setOpen] = useState(false);
  // The open company's people live in the address (/settings?company=<id>#companies), so the
  // customer panel's company link opens them and Back closes them.
  const people = useSyncExternalStore(address.subscribe, linkedCompany, () => null);
  const setPeople = (id: string | null) => {
    const query = new URLSearchParams(window.location.search);
    if (id) query.set("company", id);
    else query.delete("company");
    const search = query.toString();
    address.go(`${window.location.pathname}${search ? `?${search}` : ""}${window.location.hash}`, { replace: !id });
  };
  const list = companies.data?.companies ?? [];

  function edit(company: CompanyJson | null) {
    setEditing(company);
    setOpen(true);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Companies</CardTitle>
        <CardDescription>
          Customers grouped by company. Agents see a customer&apos;s company beside their tickets, with its other
          people, tickets and notes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <SearchInput
            label="Search companies"
            placeholder="Search by name or domain..."
            value={search}
            onValueChange={setSearch}
            className="min-w-48 flex-1"
          />
          {canManage && (
            <Button onClick={() => edit(null)}>
              <Plus aria-hidden /> New Company
            </Button>
          )}
        </div>
        {companies.isPending ? (
          <p className="text-sm text-muted-foreground">Loading companies...</p>
        ) : companies.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load companies
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{q ? "No companies match the search." : "No companies yet."}</p>
        ) : (
          <ul className="grid gap-2" aria-label="Companies">
            {list.map((company) => (
              <CompanyRow
                key={company.id}
                company={company}
                canManage={canManage}
                onEdit={() => edit(company)}
                onPeople={() => setPeople(company.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <CompanyDialog company={editing} open={open} onOpenChange={setOpen} />
      <CompanyPeopleDialog companyId={people} canManage={canManage} onOpenChange={(next) => !next && setPeople(null)} />
    </Card>
  );
}
