/**
 * templates/ bundled into the page: the same files the CLI copies into generated output
 * (generator/node/package-root.ts `readTemplate` reads them from disk).
 */
import type { TemplateReader } from "../../../core/emit/artifact.js";

const TEMPLATES = import.meta.glob<string>("../../../../templates/**/*.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});
const PREFIX = "../../../../templates/";

export const bundledTemplate: TemplateReader = (name) => {
  const text = TEMPLATES[PREFIX + name];
  if (text === undefined)
    throw new Error(`internal: the page has no template ${name}`);
  return text;
};
