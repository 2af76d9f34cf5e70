"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionResult } from "@/lib/core/actions/result";
import { beginTwoFactorAction, confirmTwoFactorAction, renewRecoveryCodesAction, turnOffTwoFactorAction } from "@/lib/features/account/two-factor-actions";
import { callAction } from "@/lib/core/actions/call-action";

export interface TwoFactorStatus {
  enrolled: boolean;
  /** When it was turned on, in the viewer's language and zone. */
  enrolledAt: string | null;
  recoveryCodesLeft: number;
  /** The team requires two-factor: it cannot be turned off. */
  requiredByTeam: boolean;
}

type FieldErrors = Record<string, string | undefined>;

/** A refusal: on its field when it names one of `fields`, else as the form's message. */
function refusal(result: Extract<ActionResult<unknown>, { ok: false }>, fields: string[]): { fields: FieldErrors; form: string | null } {
  const placed: FieldErrors = {};
  for (const field of fields) if (result.error.fieldErrors[field]?.length) placed[field] = result.error.fieldErrors[field].join(" ");
  return { fields: placed, form: Object.keys(placed).length ? null : result.error.message };
}

/** The ten recovery codes, shown once: copy or download them, then say they are saved. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="space-y-3" data-testid="recovery-codes">
      <Alert tone="warning" title={t("two_factor.codes_title")}>
        {t("two_factor.codes_hint")}
      </Alert>
      <ol className="grid max-w-md grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded border border-border bg-surface-2 px-2 py-1" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? t("two_factor.copied") : t("two_factor.copy")}
        </Button>
        <a
          className="inline-flex items-center rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          {t("two_factor.download")}
        </a>
        <Button onClick={onDone}>{t("two_factor.codes_saved")}</Button>
      </div>
    </div>
  );
}

/** Turning two-factor on: the QR code and the key, then a code from the app confirms it. */
function Enrolment({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const t = useT();
  const [pending, setPending] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: FieldErrors; form: string | null }>({ fields: {}, form: null });

  async function start() {
    setBusy(true);
    setErrors({ fields: {}, form: null });
    const result = await callAction(beginTwoFactorAction, {}, t);
    setBusy(false);
    if (result.ok) setPending(result.data);
    else setErrors(refusal(result, []));
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    setBusy(true);
    setErrors({ fields: {}, form: null });
    const result = await callAction(confirmTwoFactorAction, { code }, t);
    setBusy(false);
    if (result.ok) onCodes(result.data.codes);
    else setErrors(refusal(result, ["code"]));
  }

  return (
    <div className="space-y-4">
      {errors.form ? (
        <Alert tone="danger" live>
          {errors.form}
        </Alert>
      ) : null}
      {pending ? (
        <form onSubmit={confirm} noValidate className="max-w-md space-y-4" aria-label={t("two_factor.turn_on")} data-testid="two-factor-enrol">
          <p className="text-sm">{t("two_factor.scan")}</p>
          {/* Our own SVG, made on the server by qrcode from the otpauth URI: no markup of anyone else's. */}
          <div
            role="img"
            aria-label={t("two_factor.qr_label")}
            className="w-48 rounded bg-white p-2 text-black"
            dangerouslySetInnerHTML={{ __html: pending.qrSvg }}
          />
          <div className="space-y-1">
            <p className="text-sm font-medium">{t("two_factor.secret")}</p>
            <code className="block font-mono text-sm break-all select-all" data-testid="totp-secret">
              {pending.secret}
            </code>
          </div>
          <Field id="enrol-code" label={t("two_factor.code")} error={errors.fields.code ? { message: errors.fields.code } : undefined} required>
            <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {t("two_factor.confirm")}
            </Button>
            <Button variant="ghost" onClick={() => setPending(null)}>
              {t("two_factor.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <Button onClick={start} disabled={busy}>
          {t("two_factor.turn_on")}
        </Button>
      )}
    </div>
  );
}

/** A form of one's own enrolled two-factor: new recovery codes (a code) or turning it off (password and a code). */
function CodeForm({ kind, onCodes, onOff }: { kind: "renew" | "turn_off"; onCodes?: (codes: string[]) => void; onOff?: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: FieldErrors; form: string | null }>({ fields: {}, form: null });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const code = String(data.get("code") ?? "");
    setBusy(true);
    setErrors({ fields: {}, form: null });
    if (kind === "renew") {
      const result = await callAction(renewRecoveryCodesAction, { code }, t);
      setBusy(false);
      if (result.ok) onCodes?.(result.data.codes);
      else setErrors(refusal(result, ["code"]));
      return;
    }
    const result = await callAction(turnOffTwoFactorAction, { currentPassword: String(data.get("currentPassword") ?? ""), code }, t);
    setBusy(false);
    if (result.ok) onOff?.();
    else setErrors(refusal(result, ["code", "currentPassword"]));
  }

  const title = kind === "renew" ? t("two_factor.renew_title") : t("two_factor.turn_off_title");
  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-3" aria-label={title} data-testid={`two-factor-${kind}`}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {kind === "renew" ? <p className="text-sm text-muted">{t("two_factor.renew_hint")}</p> : null}
      {errors.form ? (
        <Alert tone="danger" live>
          {errors.form}
        </Alert>
      ) : null}
      {kind === "turn_off" ? (
        <Field
          id="two-factor-off-password"
          label={t("two_factor.current_password")}
          error={errors.fields.currentPassword ? { message: errors.fields.currentPassword } : undefined}
          required
        >
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
      ) : null}
      <Field
        id={`two-factor-${kind}-code`}
        label={t("two_factor.code_or_recovery")}
        error={errors.fields.code ? { message: errors.fields.code } : undefined}
        required
      >
        <Input name="code" autoComplete="one-time-code" maxLength={64} />
      </Field>
      <Button type="submit" variant={kind === "turn_off" ? "danger" : "secondary"} disabled={busy}>
        {kind === "renew" ? t("two_factor.renew") : t("two_factor.turn_off")}
      </Button>
    </form>
  );
}

/**
 * The account page's two-factor section: turn it on, see its state, renew the recovery codes, turn it off. On the
 * set-up page a team's rule sends a member to, `afterEnrolPath` is where they go once their codes are saved.
 */
export function TwoFactorSection({ status, afterEnrolPath }: { status: TwoFactorStatus; afterEnrolPath?: string }) {
  const t = useT();
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);

  const done = () => {
    setCodes(null);
    if (afterEnrolPath) router.replace(afterEnrolPath);
    router.refresh();
  };

  return (
    <div className="space-y-4" data-testid="two-factor-section">
      {codes ? (
        <RecoveryCodes codes={codes} onDone={done} />
      ) : status.enrolled ? (
        <>
          <p className="text-sm" data-testid="two-factor-status">
            {t("two_factor.on", { date: status.enrolledAt ?? "", count: status.recoveryCodesLeft })}
          </p>
          <CodeForm kind="renew" onCodes={setCodes} />
          {status.requiredByTeam ? (
            <p className="text-sm text-muted">{t("two_factor.required_by_team")}</p>
          ) : (
            <CodeForm
              kind="turn_off"
              onOff={() => {
                setTurnedOff(true);
                router.refresh();
              }}
            />
          )}
        </>
      ) : (
        <>
          {turnedOff ? (
            <Alert tone="success" live>
              {t("two_factor.turned_off")}
            </Alert>
          ) : (
            <p className="text-sm" data-testid="two-factor-status">
              {status.requiredByTeam ? t("two_factor.required_notice") : t("two_factor.off")}
            </p>
          )}
          <Enrolment onCodes={setCodes} />
        </>
      )}
    </div>
  );
}
