import type { Server, Socket } from "node:net";

/** Who holds a data directory: written by the owner to DATA_DIR/owner.json for the refusal message. */
export interface OwnerRecord {
  pid: number;
  command: string;
  /** ISO 8601 time the lock was taken. */
  since: string;
  /** The HTTP address, when the owner is a server. */
  url?: string;
}

export interface DataDirLock {
  /** The directory's real path. */
  dataDir: string;
  /** The socket's name: "\0…" (Linux's abstract namespace) or a file in the directory. */
  socketName: string;
  owner: OwnerRecord;
  /** Receives connections to the lock's socket (the command channel); unset, they are closed at once. */
  onConnection: ((socket: Socket) => void) | null;
  claims: number;
  databaseOpen: boolean;
  server: Server;
}

export interface DataDirClaim {
  lock: DataDirLock;
  release(): Promise<void>;
}

export declare const OWNER_RECORD: string;
export declare const TOKEN_FILE: string;

export declare class DataDirLockedError extends Error {
  readonly code: "DATA_DIR_LOCKED";
  readonly dataDir: string;
  readonly owner: OwnerRecord | null;
  constructor(dataDir: string, owner: OwnerRecord | null);
}

export declare function dataDirSocketName(realDir: string): string;
export declare function ensureDataDir(dataDir: string): void;
export declare function realDataDir(dataDir: string): string;
export declare function readOwnerRecord(realDir: string): OwnerRecord | null;
export declare function acquireDataDirLock(dataDir: string, options?: { url?: string; forDatabase?: boolean }): Promise<DataDirClaim>;
