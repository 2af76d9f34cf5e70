"use client";

import { useRouter } from "next/navigation";
import { batchHref } from "./format";
import { UploadForm } from "./upload-form";

/** The upload on the list page: a stored file opens its batch's page. */
export function UploadPanel() {
  const router = useRouter();
  return <UploadForm action="/api/dashboard/adjustments" onUploaded={(id) => router.push(batchHref(id))} />;
}
