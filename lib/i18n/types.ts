import type { MessageKey } from "./messages";
import type { Vars } from "./format";

export type Translate = (key: MessageKey | (string & {}), vars?: Vars) => string;
