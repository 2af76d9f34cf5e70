import type { ReactNode } from "react";
import { requireUser } from "@/lib/auth/session";
import { permissionsOf } from "@/lib/auth/permissions";
import { DashboardProviders } from "@/components/shell/providers";
import { AppShell } from "@/components/shell/app-shell";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const viewer = { id: user.id, email: user.email, name: user.name, role: user.role, permissions: permissionsOf(user.role) };
  return (
    <DashboardProviders viewer={viewer}>
      <AppShell>{children}</AppShell>
    </DashboardProviders>
  );
}
