import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { descriptionOf } from "@/components/testing/aria";
import { WithI18n } from "@/components/testing/with-i18n";
import { UploadForm } from "./upload-form";

/** The browser's fetch is replaced by one that records the request and answers as the route handler would. */
function answerWith(status: number, body: unknown) {
  const requests: { url: string; init: RequestInit }[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      await held;
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return { requests, release };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const CSV = "contact_id,currency,amount,description\n1042,USD,12.50,Refund\n";

function setup() {
  const onUploaded = vi.fn();
  render(
    <WithI18n>
      <UploadForm action="/api/dashboard/adjustments" onUploaded={onUploaded} />
    </WithI18n>,
  );
  return { onUploaded, user: userEvent.setup(), input: screen.getByLabelText("CSV file") as HTMLInputElement };
}

describe("UploadForm", () => {
  it("offers the sample file beside the button when given one, and nothing otherwise", () => {
    const { unmount } = render(
      <WithI18n>
        <UploadForm action="/api/dashboard/adjustments" onUploaded={() => {}} sampleHref="/api/dashboard/adjustments/sample" />
      </WithI18n>,
    );
    const sample = screen.getByRole("link", { name: "Download a sample CSV" });
    expect(sample.getAttribute("href")).toBe("/api/dashboard/adjustments/sample");
    expect(sample.hasAttribute("download")).toBe(true);
    unmount();
    setup();
    expect(screen.queryByRole("link", { name: "Download a sample CSV" })).toBeNull();
  });

  it("states the limits in words", () => {
    const { input } = setup();
    expect(descriptionOf(input)).toContain("At most 10 MB and 100,000 rows.");
    expect(input.getAttribute("accept")).toBe(".csv,.txt,text/csv,text/plain");
  });

  it("posts the file as FormData to the action URL, busy meanwhile, then hands over the new batch's id", async () => {
    const server = answerWith(201, { id: 42 });
    const { user, input, onUploaded } = setup();
    await user.upload(input, new File([CSV], "refund.csv", { type: "text/csv" }));
    expect(screen.getByTestId("upload-chosen").textContent).toBe(`Chosen: refund.csv (${CSV.length} B)`);
    await user.click(screen.getByRole("button", { name: "Upload and check" }));
    const busy = await screen.findByRole("button", { name: "Uploading…" });
    expect(busy).toHaveProperty("disabled", true);
    expect(server.requests).toHaveLength(1);
    const [{ url, init }] = server.requests;
    expect(url).toBe("/api/dashboard/adjustments");
    expect(init.method).toBe("POST");
    expect(init.body).toBeInstanceOf(FormData);
    const sent = (init.body as FormData).get("file") as File;
    expect(sent.name).toBe("refund.csv");
    expect(await sent.text()).toBe(CSV);
    server.release();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledExactlyOnceWith("42"));
  });

  it("the answer's typed error goes on the file field", async () => {
    const server = answerWith(422, {
      error: {
        kind: "validation",
        code: "adjustments.too_many_rows",
        message: "The file is not valid.",
        fieldErrors: { file: ["The file has more than 100,000 rows."] },
      },
    });
    server.release();
    const { user, input, onUploaded } = setup();
    await user.upload(input, new File([CSV], "big.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Upload and check" }));
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    expect(descriptionOf(input)).toContain("The file has more than 100,000 rows.");
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("a typed error for no field is shown on the file field too", async () => {
    answerWith(403, { error: { kind: "forbidden", message: "Requires the role admin.", fieldErrors: {} } }).release();
    const { user, input } = setup();
    await user.upload(input, new File([CSV], "a.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Upload and check" }));
    await waitFor(() => expect(descriptionOf(input)).toContain("Requires the role admin."));
  });

  it("nothing is sent without a file or with a file over 10 MB", async () => {
    const server = answerWith(201, { id: 1 });
    const { user, input } = setup();
    await user.click(screen.getByRole("button", { name: "Upload and check" }));
    expect(descriptionOf(input)).toContain("Choose a file.");
    await user.upload(input, new File([new Uint8Array(10 * 2 ** 20 + 1)], "huge.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Upload and check" }));
    expect(descriptionOf(input)).toContain("The file is larger than 10 MB: split it into smaller files.");
    expect(server.requests).toHaveLength(0);
  });

  it("a file dropped on the zone is the one sent", async () => {
    const server = answerWith(201, { id: "b-7" });
    server.release();
    const { user, onUploaded } = setup();
    const file = new File([CSV], "dropped.csv", { type: "text/csv" });
    fireEvent.drop(screen.getByTestId("upload-drop-zone"), { dataTransfer: { files: [file] } });
    expect(screen.getByTestId("upload-chosen").textContent).toContain("dropped.csv");
    await user.click(screen.getByRole("button", { name: "Upload and check" }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith("b-7"));
    expect(((server.requests[0].init.body as FormData).get("file") as File).name).toBe("dropped.csv");
  });
});
