/**
 * `.gitattributes` for the output folder: marks machine code `linguist-generated`, which code
 * hosts collapse in pull-request diffs (GitHub: "Customizing how changed files appear on GitHub",
 * docs.github.com/en/repositories/working-with-files/managing-files/customizing-how-changed-files-appear-on-github),
 * so a reviewer sees the contract — types, provider declarations, the dispatcher's API — expanded
 * and the validators, call validators and runtime folded away.
 *
 * The list is derived from the files the emitters produced and each file's `review` kind, never
 * from names written here: a new runtime file is covered by its kind (or by living in
 * `runtime/`). A folder whose every file is machine code becomes one `/folder/**` line, so adding
 * a file to it leaves this file unchanged.
 */
import { compare } from "../diagnostics.js";
import type { OutputFile, ReviewKind } from "./artifact.js";

export const REVIEW_ATTRIBUTES_PATH = ".gitattributes";

/** The kind of a file, with the default for files whose emitter did not say. */
export function reviewKind(
  file: Pick<OutputFile, "path" | "review">,
): ReviewKind {
  return (
    file.review ?? (file.path.startsWith("runtime/") ? "machine" : "contract")
  );
}

/**
 * The `.gitattributes` text for `files`. With `js`, each `.ts` file is listed as the `.js` and
 * `.d.ts` it becomes. `header` is toolcat's header as a `#` comment.
 */
export function reviewAttributes(
  files: readonly Pick<OutputFile, "path" | "review">[],
  header: string,
  js: boolean,
): string {
  const kinds = new Map<string, ReviewKind>();
  for (const file of files) {
    const kind = reviewKind(file);
    for (const path of js &&
    file.path.endsWith(".ts") &&
    !file.path.endsWith(".d.ts")
      ? [file.path.replace(/\.ts$/, ".js"), file.path.replace(/\.ts$/, ".d.ts")]
      : [file.path]) {
      // Paths are toolcat's own (fixed names and target ids), never catalog text; a character
      // git would read as pattern syntax or a separator would be a generator bug.
      if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(path))
        throw new Error(
          `internal: output path ${JSON.stringify(path)} cannot be written as a .gitattributes pattern`,
        );
      kinds.set(path, kind);
    }
  }
  const lines = machinePatterns([...kinds.keys()].sort(compare), kinds, "").map(
    (p) => `/${p} linguist-generated`,
  );
  return [
    header,
    "# Machine code, collapsed in pull-request diffs. Every other file in this folder is the",
    "# contract a reviewer reads: the types, the provider declarations, the dispatcher.",
    ...lines,
    "",
  ].join("\n");
}

/** Patterns (relative to `prefix`) covering exactly the machine files among `paths`. */
function machinePatterns(
  paths: readonly string[],
  kinds: ReadonlyMap<string, ReviewKind>,
  prefix: string,
): string[] {
  const here = paths.filter((p) => !p.slice(prefix.length).includes("/"));
  const folders = [
    ...new Set(
      paths
        .filter((p) => !here.includes(p))
        .map((p) => p.slice(prefix.length).split("/")[0]!),
    ),
  ].sort(compare);
  const out: string[] = [];
  for (const p of here) if (kinds.get(p) === "machine") out.push(p);
  for (const folder of folders) {
    const inside = paths.filter((p) => p.startsWith(`${prefix}${folder}/`));
    if (inside.every((p) => kinds.get(p) === "machine"))
      out.push(`${prefix}${folder}/**`);
    else out.push(...machinePatterns(inside, kinds, `${prefix}${folder}/`));
  }
  return out.sort(compare);
}
