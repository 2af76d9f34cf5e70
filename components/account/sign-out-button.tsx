"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";

/** Signing out from a page without the dashboard's menu (the two-factor set-up a team's rule sends a member to). */
export function SignOutButton() {
  const t = useT();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const { signOut } = await import("next-auth/react");
        await signOut({ redirect: false });
        router.replace("/login");
        router.refresh();
      }}
    >
      {t("two_factor.sign_out")}
    </Button>
  );
}
