import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useFieldArray, useForm } from "react-hook-form";
import { applyServerErrors } from "@/lib/core/actions/server-errors";
import type { ActionResult } from "@/lib/core/actions/result";
import { Field, Input } from "./field";
import { descriptionOf } from "@/components/testing/aria";
import { WithI18n } from "@/components/testing/with-i18n";

type Values = { fields: { slug: string }[] };

/** What a server action answers when the platform refuses the second row's slug. */
const refused: ActionResult<never> = {
  ok: false,
  error: { kind: "validation", message: "Some fields need attention.", fieldErrors: { "fields.1.slug": ["The fields.1.slug has already been taken."] } },
};

/** A small real form: three rows of a field array; "Save" answers with the action's refusal, placed the one way forms place it. */
function SlugRows() {
  const form = useForm<Values>({ defaultValues: { fields: [{ slug: "title" }, { slug: "title" }, { slug: "price" }] } });
  const { fields } = useFieldArray({ control: form.control, name: "fields" });
  const errors = form.formState.errors;
  const save = () => {
    if (!refused.ok) applyServerErrors(form.setError, refused.error.fieldErrors, (key) => (/^fields\.\d+\.slug$/.test(key) ? key : null));
  };
  return (
    <form>
      {fields.map((row, index) => (
        <div key={row.id} data-testid={`row-${index}`}>
          <Field id={`row-${index}-slug`} label="Slug" error={errors.fields?.[index]?.slug} required>
            <Input {...form.register(`fields.${index}.slug`)} />
          </Field>
        </div>
      ))}
      <button type="button" onClick={save}>
        Save
      </button>
    </form>
  );
}

describe("Field", () => {
  it("shows a server error placed by applyServerErrors under the input of its row of a field array", () => {
    render(
      <WithI18n>
        <SlugRows />
      </WithI18n>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const second = within(screen.getByTestId("row-1"));
    const input = second.getByRole("textbox", { name: "Slug" });
    const message = second.getByText("The fields.1.slug has already been taken.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    for (const other of ["row-0", "row-2"]) {
      expect(within(screen.getByTestId(other)).getByRole("textbox", { name: "Slug" }).getAttribute("aria-invalid")).toBeNull();
      expect(within(screen.getByTestId(other)).queryByRole("alert")).toBeNull();
    }
  });

  it("marks a required field: a visible mark beside the label, 'required' for screen readers, the name unchanged", () => {
    render(
      <WithI18n>
        <Field label="Email" required>
          <Input type="email" />
        </Field>
        <Field label="Name">
          <Input />
        </Field>
      </WithI18n>,
    );
    const email = screen.getByRole("textbox", { name: "Email" });
    expect(screen.getByText("*").getAttribute("aria-hidden")).toBe("true");
    expect(descriptionOf(email)).toBe("required");
    expect(descriptionOf(screen.getByRole("textbox", { name: "Name" }))).toBe("");
    expect(screen.getAllByText("*")).toHaveLength(1);
  });

  it("says 'required' in Russian to a Russian reader", () => {
    render(
      <WithI18n locale="ru">
        <Field label="Почта" description="Адрес для входа" required>
          <Input />
        </Field>
      </WithI18n>,
    );
    expect(descriptionOf(screen.getByRole("textbox", { name: "Почта" }))).toBe("Адрес для входа обязательное");
  });

  it("translates a schema's message key and shows the server's text as it is", () => {
    render(
      <WithI18n>
        <Field label="A" error={{ message: "form.required" }}>
          <Input />
        </Field>
        <Field label="B" error={{ message: "The platform refused this." }}>
          <Input />
        </Field>
      </WithI18n>,
    );
    expect(descriptionOf(screen.getByRole("textbox", { name: "A" }))).toBe("Fill in this field.");
    expect(descriptionOf(screen.getByRole("textbox", { name: "B" }))).toBe("The platform refused this.");
  });
});
