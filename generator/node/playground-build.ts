/**
 * Building the playground (generator/playground, with Vite — a development dependency) into
 * dist/playground, and telling whether a build is there.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { importPackage, packageRoot } from "./package-root.js";

export function playgroundDir(): string {
  return join(packageRoot(), "dist", "playground");
}

export function playgroundBuilt(dir = playgroundDir()): boolean {
  return existsSync(join(dir, "index.html"));
}

/** Builds the page with Vite into `outDir` (default dist/playground). */
export async function buildPlayground(outDir = playgroundDir()): Promise<void> {
  let vite: typeof import("vite");
  try {
    vite = await importPackage<typeof import("vite")>("vite");
  } catch {
    throw new Error(
      "building the playground needs vite (a development dependency of toolcat): run npm ci in the toolcat repository",
    );
  }
  await vite.build({
    configFile: join(
      packageRoot(),
      "generator",
      "playground",
      "vite.config.ts",
    ),
    build: { outDir, emptyOutDir: true },
    logLevel: "error",
  });
}
