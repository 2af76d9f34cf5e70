"use client";

import { ErrorView } from "@/components/shell/error-view";

export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main" className="p-6">
      <ErrorView error={error} retry={retry} />
    </main>
  );
}
