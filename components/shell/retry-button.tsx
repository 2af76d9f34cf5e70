"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";

export function RetryButton() {
  const t = useT();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button variant="secondary" disabled={pending} onClick={() => startTransition(() => router.refresh())}>
      {t("error.retry")}
    </Button>
  );
}
