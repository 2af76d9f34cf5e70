"use client";

import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import { Field, GroupError, Input, Radio, Select } from "@/components/ui/field";
import type { CreateListForm, CreateListFormInput } from "@/lib/features/lists/forms/lists";
import type { TargetDirectory } from "@/lib/features/lists/types";

const OTHER = "__other__";

/**
 * Where the new list lives: a project, or a bot (the list then goes to the
 * bot's project and carries the bot). Picked from getMe's projects and bots;
 * a UUID or bot id can always be typed, for platforms whose getMe says less.
 */
export function TargetPicker({
  form,
  directory,
  hasProjects,
}: {
  form: UseFormReturn<CreateListFormInput, unknown, CreateListForm>;
  directory: TargetDirectory;
  hasProjects: boolean;
}) {
  const t = useT();
  const kind = useWatch({ control: form.control, name: "targetKind" });
  const projectUuid = useWatch({ control: form.control, name: "projectUuid" }) ?? "";
  const botId = useWatch({ control: form.control, name: "botId" }) ?? "";
  const bots = directory.projects.flatMap((project) => project.bots);
  const [typingProject, setTypingProject] = useState(!hasProjects);
  const [typingBot, setTypingBot] = useState(bots.length === 0);
  const errors = form.formState.errors;
  const unknownHint = !hasProjects ? t("lists.form.target_unknown") : undefined;

  const pick = (name: "projectUuid" | "botId", value: string, setTyping: (typing: boolean) => void) => {
    if (value === OTHER) {
      setTyping(true);
      form.setValue(name, "", { shouldDirty: true });
    } else {
      setTyping(false);
      form.setValue(name, value, { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <fieldset className="space-y-3" aria-describedby={unknownHint ? "target-unknown" : undefined}>
      <legend className="text-sm font-medium">{t("lists.form.target")}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {(["project", "bot"] as const).map((value) => (
          <Field key={value} id={`target-kind-${value}`} label={t(`lists.form.target_${value}`)} inline>
            <Radio value={value} {...form.register("targetKind")} />
          </Field>
        ))}
      </div>
      <GroupError error={errors.targetKind} />
      {unknownHint ? (
        <p id="target-unknown" className="text-xs text-muted">
          {unknownHint}
        </p>
      ) : null}

      {kind === "project" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {hasProjects ? (
            <Field id="target-project" label={t("lists.form.project")} error={typingProject ? undefined : errors.projectUuid} required>
              <Select value={typingProject ? OTHER : projectUuid} onChange={(event) => pick("projectUuid", event.target.value, setTypingProject)}>
                <option value="">{t("lists.form.pick_project")}</option>
                {directory.projects.map((project) => (
                  <option key={project.uuid} value={project.uuid}>
                    {project.name ? `${project.name} (${project.uuid.slice(0, 8)}…)` : project.uuid}
                  </option>
                ))}
                <option value={OTHER}>{t("lists.form.other_project")}</option>
              </Select>
            </Field>
          ) : null}
          {typingProject ? (
            <Field id="target-project-uuid" label={t("lists.form.project_uuid_label")} error={errors.projectUuid} required>
              <Input
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                placeholder="00000000-0000-0000-0000-000000000000"
                {...form.register("projectUuid")}
              />
            </Field>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {bots.length > 0 ? (
            <Field id="target-bot" label={t("lists.form.bot")} error={typingBot ? undefined : errors.botId} required>
              <Select value={typingBot ? OTHER : botId} onChange={(event) => pick("botId", event.target.value, setTypingBot)}>
                <option value="">{t("lists.form.pick_bot")}</option>
                {directory.projects
                  .filter((project) => project.bots.length > 0)
                  .map((project) => (
                    <optgroup key={project.uuid} label={project.name ?? project.uuid}>
                      {project.bots.map((bot) => (
                        <option key={bot.id} value={String(bot.id)}>
                          {bot.name ? `${bot.name} (#${bot.id})` : `#${bot.id}`}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                <option value={OTHER}>{t("lists.form.other_bot")}</option>
              </Select>
            </Field>
          ) : null}
          {typingBot ? (
            <Field id="target-bot-id" label={t("lists.form.bot_id_label")} error={errors.botId} required>
              <Input autoComplete="off" inputMode="numeric" className="font-mono" {...form.register("botId")} />
            </Field>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
