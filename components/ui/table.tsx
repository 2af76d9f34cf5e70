import type { ComponentProps } from "react";
import { cn } from "./cn";

/*
 * The table's markup, used only by DataTable (one copy of the classes). Hook-free, so it renders anywhere.
 * Below the md breakpoint the table turns into cards with CSS alone (one DOM, no second copy of the rows):
 * table, rows and cells become blocks, the header row is visually hidden, and each cell shows its column's
 * name from `data-label` above its value. The generated label has empty alternative text (`/ ""`): screen
 * readers still take the name from the column header.
 */

export function Table({ className, ...props }: ComponentProps<"table">) {
  return <table className={cn("w-full text-sm max-md:block", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("sr-only", className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("text-left max-md:sr-only", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("max-md:block [&>tr:last-child]:border-b-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-border max-md:block max-md:px-3 max-md:py-2", className)} {...props} />;
}

/** A column header; sticky at the top of the table's scroll box. */
export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return <th className={cn("sticky top-0 z-10 border-b border-border bg-surface-2 px-3 py-2 font-medium whitespace-nowrap", className)} {...props} />;
}

/** A cell; `data-label` (its column's name) is shown above the value in the card layout. */
export function TableCell({ className, ...props }: ComponentProps<"td"> & { "data-label"?: string }) {
  return (
    <td
      className={cn(
        "px-3 py-2 align-top",
        "max-md:block max-md:px-0 max-md:py-1 max-md:text-left max-md:wrap-anywhere",
        "max-md:before:block max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted",
        "max-md:before:content-[attr(data-label)_/_'']",
        className,
      )}
      {...props}
    />
  );
}
