import type { FieldDefinition } from "@/lib/contract/facts";

export interface ListView {
  id: string;
  name: string;
  project: string;
  botId: number | null;
  fields: FieldDefinition[];
  createdAt: string;
  updatedAt: string;
}

/** A record: its values by slug, as the platform returns them (money in minor units). */
export interface RecordView {
  id: string;
  values: Record<string, unknown>;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface RecordsPage {
  records: RecordView[];
  page: number;
  pages: number;
  total: number;
}

export type RecordsAnswer = { available: false } | ({ available: true } & RecordsPage);

/** Names of the account's projects and bots, from getMe (empty when the platform says less). */
export interface TargetDirectory {
  projects: { uuid: string; name: string | null; bots: { id: number; name: string | null }[] }[];
}
