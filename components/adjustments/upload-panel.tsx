"use client";

import { useRouter } from "next/navigation";
import { batchHref, SAMPLE_HREF } from "./format";
import { UploadForm } from "./upload-form";

/** The upload on the list page: a stored file opens its batch's page; the sample file is offered beside the button. */
export function UploadPanel() {
  const router = useRouter();
  return <UploadForm action="/api/dashboard/adjustments" sampleHref={SAMPLE_HREF} onUploaded={(id) => router.push(batchHref(id))} />;
}
