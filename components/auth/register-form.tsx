"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { apiRequest } from "@/lib/http/client/api";
import { PRODUCT_NAME } from "@/lib/site/product";
import { MISSING_REGISTRATION, registerSchema } from "@/lib/schemas/auth";
import { useZodForm } from "@/components/ui/use-zod-form";
import { Field } from "@/components/ui/field";
import { NewPasswordFields } from "./new-password-fields";

export function RegisterForm() {
  const router = useRouter();
  const form = useZodForm(registerSchema, { fullName: "", email: "", companyName: "", password: "" });
  const request = usePendingRequest({ failure: "Registration failed", fallback: "Please try again later" });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check({ byMessage: { [MISSING_REGISTRATION]: "Missing fields" }, otherwise: "Registration failed" }))
      return;
    const { fullName, email, companyName, password } = form.values;
    await request.run(async () => {
      await apiRequest("POST", "/api/register", {
        fullName: fullName.trim(),
        email: email.trim(),
        companyName: companyName.trim(),
        password,
      });
      toast({
        title: "Account created successfully",
        description: `Welcome to ${PRODUCT_NAME}! Let's get your help desk set up.`,
      });
      router.replace("/onboarding");
      router.refresh();
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="fullName" label="Full name" required error={form.errors.fullName}>
        <Input id="fullName" autoComplete="name" {...form.text("fullName")} />
      </Field>
      <Field id="email" label="Work email" required error={form.errors.email}>
        <Input id="email" type="email" autoComplete="email" {...form.text("email")} />
      </Field>
      <Field id="companyName" label="Company name" required error={form.errors.companyName}>
        <Input id="companyName" autoComplete="organization" {...form.text("companyName")} />
      </Field>
      <NewPasswordFields id="password" label="Password" password={form.text("password")} error={form.errors.password} />
      <SubmitButton pending={request.pending} pendingLabel="Creating account..." className="w-full">
        Create account
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href="/login" className="text-primary underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </form>
  );
}
