"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ConnectionForm as Values } from "@/lib/features/settings/connection-form";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import { saveConnectionAction } from "@/lib/features/settings/actions";
import { applyServerErrors, fieldsNamed } from "@/lib/core/actions/server-errors";
import { callAction } from "@/lib/core/actions/call-action";

const connectionResolver = lazyZodResolver<Values>(() => import("@/lib/features/settings/connection-form").then((forms) => forms.ConnectionFormSchema));

/** Address and key; the key field is always empty (the stored key never comes back to the browser). */
export function ConnectionForm({ baseUrl, defaultUrl, keyLast4, locked }: { baseUrl: string; defaultUrl: string; keyLast4: string | null; locked: boolean }) {
  const t = useT();
  const router = useRouter();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: connectionResolver, defaultValues: { baseUrl, apiKey: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    setFormError(null);
    const result = await callAction(saveConnectionAction, values, t);
    if (result.ok) {
      const { account } = result.data;
      setSaved(t("connection.status_ok", { name: account.name, email: account.email, plan: account.plan }));
      form.reset({ baseUrl: values.baseUrl, apiKey: "" });
      router.refresh();
      return;
    }
    if (applyServerErrors(form.setError, result.error.fieldErrors, fieldsNamed("baseUrl", "apiKey")).placed === 0) setFormError(result.error.message);
  });

  const urlHint = t("connection.base_url_hint", { default: defaultUrl });
  const keyHint = `${keyLast4 ? t("connection.current_key", { last4: keyLast4 }) : t("connection.no_key")} ${t("connection.api_key_hint")}`;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {saved ? (
        <Alert tone="success" live title={t("connection.saved")}>
          {saved}
        </Alert>
      ) : null}
      {formError ? (
        <Alert tone="danger" live>
          {formError}
        </Alert>
      ) : null}
      <fieldset disabled={locked || isSubmitting} className="space-y-4">
        <Field id="connection-url" label={t("connection.base_url")} description={urlHint} error={errors.baseUrl}>
          <Input type="url" placeholder={defaultUrl} {...form.register("baseUrl")} />
        </Field>
        <Field id="connection-key" label={t("connection.api_key")} description={keyHint} error={errors.apiKey}>
          <Input type="password" autoComplete="off" {...form.register("apiKey")} />
        </Field>
        <Button type="submit">{isSubmitting ? t("connection.checking") : t("connection.check_and_save")}</Button>
      </fieldset>
    </form>
  );
}
