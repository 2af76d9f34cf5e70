"use client";

import { useState, type FormEvent } from "react";
import type { SlugSuggestions } from "@/lib/features/lists/slug-loader";

/**
 * A form's submit that first waits for the slug suggestions still on their way (slugSuggestions), fills them in, and
 * only then checks and sends: without the wait an empty slug would stop the form, and the suggestion landing a moment
 * later would clear the error (nothing sent, nothing said). `settling` is true meanwhile, for the pending state.
 */
export function useSubmitAfterSuggestions<K>(
  suggestions: Pick<SlugSuggestions<K>, "pending" | "settle">,
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
): { onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>; settling: boolean } {
  const [settling, setSettling] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (suggestions.pending) {
      setSettling(true);
      try {
        await suggestions.settle();
      } finally {
        // In the same task as handleSubmit's isSubmitting: a disabled fieldset stays disabled until the check is done.
        setSettling(false);
      }
    }
    await submit(event);
  };
  return { onSubmit, settling };
}
