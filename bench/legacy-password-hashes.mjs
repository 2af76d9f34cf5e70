// Loaded into the server by `npm run bench:signin` (NODE_OPTIONS=--import) for its "before" round, and by nothing else:
// the dummy hash an unknown email's password is compared with becomes a bcrypt one (cost 11), as it was before
// argon2id. lib/auth/password.ts keeps a dummy hash it finds in the process bridge.
import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { processBridge } from "../lib/core/process-bridge.mjs";

processBridge().passwordDummyHash = Promise.resolve(bcrypt.hashSync(randomBytes(16).toString("hex"), 11));
