"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/http/client/api";
import { PRODUCT_NAME } from "@/lib/site/product";
import { registerSchema } from "@/lib/schemas/auth";
import { firstError } from "@/lib/schemas/first-error";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "./password-input";

export function RegisterForm() {
  const router = useRouter();
  const [form, setForm] = useState({ fullName: "", email: "", companyName: "", password: "" });
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.fullName.trim() || !form.email.trim() || !form.companyName.trim() || !form.password) {
      toast({ title: "Missing fields", description: "Please fill in all required fields", variant: "destructive" });
      return;
    }
    const problem = firstError(registerSchema.safeParse(form));
    if (problem) {
      toast({ title: "Registration failed", description: problem, variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      await apiRequest("POST", "/api/register", {
        fullName: form.fullName.trim(),
        email: form.email.trim(),
        companyName: form.companyName.trim(),
        password: form.password,
      });
      toast({ title: "Account created successfully", description: `Welcome to ${PRODUCT_NAME}! Let's get your help desk set up.` });
      router.replace("/onboarding");
      router.refresh();
    } catch (error) {
      toast({ title: "Registration failed", description: errorMessage(error, "Please try again later"), variant: "destructive" });
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="fullName" label="Full name">
        <Input id="fullName" autoComplete="name" value={form.fullName} onChange={set("fullName")} />
      </Field>
      <Field id="email" label="Work email">
        <Input id="email" type="email" autoComplete="email" value={form.email} onChange={set("email")} />
      </Field>
      <Field id="companyName" label="Company name">
        <Input id="companyName" autoComplete="organization" value={form.companyName} onChange={set("companyName")} />
      </Field>
      <Field id="password" label="Password" hint="Must be at least 8 characters long">
        <PasswordInput id="password" autoComplete="new-password" value={form.password} onChange={set("password")} />
      </Field>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Creating account..." : "Create account"}
      </Button>
      <p className="text-muted-foreground text-center text-sm">
        Already have an account?{" "}
        <Link href="/login" className="text-primary underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </form>
  );
}
