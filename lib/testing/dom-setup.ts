import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";

// Testing Library unmounts after each test only when the runner has globals; ours has none.
afterEach(cleanup);
