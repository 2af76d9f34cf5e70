import { log } from "@/lib/core/log.mjs";
import { adoptDataDirKey, DATA_DIR_KEY_FILE, encryptionKey } from "./encryption";

/**
 * The list-value keys: on the embedded database, the data directory's own key
 * (generated on the first start; a damaged key file stops the start with one
 * line); without any key on a database server, one line says that encryptable
 * fields are refused until one is set. (A malformed key in the environment has
 * already stopped `npm start`: lib/core/config.mjs.)
 */
export function setUpEncryptionKeys(dataDir: string | null): void {
  try {
    if (dataDir && adoptDataDirKey(dataDir) === "created") log.info("generated the list encryption key", { file: `${dataDir}/${DATA_DIR_KEY_FILE}` });
    if (!encryptionKey()) log.warn("PLATFORM_ENCRYPTION_KEY is not set: list fields marked is_encryptable are refused (422) until it is");
  } catch (error) {
    log.error("the list encryption key cannot be used: the server stops", { error });
    process.exit(1);
  }
}
