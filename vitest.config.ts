import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Scratch space for local experiments; never part of the suite.
    exclude: ["test/.tmp/**", "node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One test file per core. Vitest's default for `run` is one fewer than the cores, which on
    // a 2-core machine is a single worker and leaves a core idle: the suite's time is in the
    // workers (the main process only transforms modules and collects results). The pool stays
    // `forks` (the default): the CLI tests run `main` in-process and change the working
    // directory, which worker threads may not.
    pool: "forks",
    maxWorkers: availableParallelism(),
  },
});
