"use client";

import type { FormEvent } from "react";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormDialog } from "@/components/ui/form-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ApiError } from "@/lib/http/client/api";
import { COMPANY_NOTES_MAX, companyCreateSchema } from "@/lib/schemas/companies";
import { useSaveCompany, type CompanyJson } from "./queries";

type FormValues = { name: string; domains: string; notes: string };

/** "globex.com, globex.co.uk" or one a line: the list the API takes. */
const domainList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

function CompanyForm({ company, onDone }: { company: CompanyJson | null; onDone: () => void }) {
  const initial: FormValues = {
    name: company?.name ?? "",
    domains: company?.domains.join(", ") ?? "",
    notes: company?.notes ?? "",
  };
  const form = useZodForm(companyCreateSchema, initial);
  const save = useSaveCompany(company?.id ?? null, {
    // No toast: the dialog closes onto the list, which shows the company as saved.
    onSuccess: () => onDone(),
    onError: (error) => {
      if (error instanceof ApiError && error.code === "conflict")
        form.setError(/domain/.test(error.error) ? "domains" : "name", error.error);
      toastError("Could not save the company", error, "Please try again later");
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error", { domains: domainList(form.values.domains) });
    if (parsed) save.mutate(parsed);
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="company-name" label="Name" error={form.errors.name} required>
        <Input id="company-name" placeholder="Globex" autoComplete="off" {...form.text("name")} />
      </Field>
      <Field
        id="company-domains"
        label="Email domains"
        hint="Separated by commas, such as globex.com. Customers writing from these domains belong to the company; free mail domains such as gmail.com cannot be used."
        error={form.errors.domains}
      >
        <Input id="company-domains" placeholder="globex.com" autoComplete="off" {...form.text("domains")} />
      </Field>
      <Field
        id="company-notes"
        label="Notes"
        hint={`Shown to agents beside the company's tickets (at most ${COMPANY_NOTES_MAX.toLocaleString("en-US")} characters).`}
        error={form.errors.notes}
      >
        <Textarea id="company-notes" rows={5} maxLength={COMPANY_NOTES_MAX} {...form.text("notes")} />
      </Field>
      <DialogActions
        label={company ? "Save Company" : "Create Company"}
        pendingLabel="Saving..."
        pending={save.isPending}
      />
    </form>
  );
}

/** Settings > Companies: create a company (company null) or edit one. */
export function CompanyDialog({
  company,
  open,
  onOpenChange,
}: {
  company: CompanyJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={company ? `Edit company "${company.name}"` : "New company"}
      description="A customer company: its people are the customers writing from its domains and those added by hand."
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      {(done) => <CompanyForm key={company?.id ?? "new"} company={company} onDone={done} />}
    </FormDialog>
  );
}
