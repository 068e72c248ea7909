/**
 * Adds npm scripts to a package.json without disturbing it: the file is rewritten only when it is
 * exactly what `JSON.stringify` with its own indentation and line ends prints (as npm writes it),
 * so every other key, its order and the layout survive byte for byte. A script of the same name
 * is never replaced.
 */

export type ScriptsEdit =
  | {
      readonly kind: "edited";
      readonly text: string;
      readonly added: readonly string[];
      readonly kept: readonly string[];
    }
  /** Nothing to add: every script exists already (`kept`). */
  | { readonly kind: "unchanged"; readonly kept: readonly string[] }
  /** The file cannot be edited without reformatting it (or is not a JSON object). */
  | { readonly kind: "manual"; readonly reason: string };

function detectIndent(text: string): string | number {
  // A file on one line stays on one line (npm keeps such a file compact too).
  if (!/\n./.test(text.trimEnd())) return 0;
  const m = /^[{[][^\S\r\n]*\r?\n([ \t]+)\S/.exec(text);
  if (!m) return 2;
  return m[1]!.startsWith("\t") ? "\t" : m[1]!.length;
}

function serialise(
  value: unknown,
  indent: string | number,
  eol: string,
  finalNewline: boolean,
): string {
  const text = JSON.stringify(value, null, indent);
  return (
    (eol === "\n" ? text : text.replace(/\n/g, eol)) + (finalNewline ? eol : "")
  );
}

export function addScripts(
  text: string,
  scripts: Readonly<Record<string, string>>,
): ScriptsEdit {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (e) {
    return {
      kind: "manual",
      reason: `it is not valid JSON (${(e as Error).message})`,
    };
  }
  if (
    manifest === null ||
    typeof manifest !== "object" ||
    Array.isArray(manifest)
  )
    return { kind: "manual", reason: "it is not a JSON object" };
  const record = manifest as Record<string, unknown>;
  const existing = record.scripts ?? {};
  if (
    existing === null ||
    typeof existing !== "object" ||
    Array.isArray(existing)
  )
    return { kind: "manual", reason: `its "scripts" is not an object` };
  const current = existing as Record<string, unknown>;
  const kept = Object.keys(scripts).filter((name) =>
    Object.hasOwn(current, name),
  );
  const toAdd = Object.keys(scripts).filter(
    (name) => !Object.hasOwn(current, name),
  );
  if (toAdd.length === 0) return { kind: "unchanged", kept };

  const indent = detectIndent(text);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const finalNewline = text.endsWith("\n");
  if (serialise(manifest, indent, eol, finalNewline) !== text) {
    return {
      kind: "manual",
      reason:
        "its layout is not the one npm writes, and toolcat does not reformat it",
    };
  }
  const nextScripts: Record<string, unknown> = { ...current };
  for (const name of toAdd) nextScripts[name] = scripts[name];
  // Spreading keeps the key order; "scripts" stays where it was, or comes last when new.
  const next = Object.hasOwn(record, "scripts")
    ? Object.fromEntries(
        Object.entries(record).map(([k, v]) => [
          k,
          k === "scripts" ? nextScripts : v,
        ]),
      )
    : { ...record, scripts: nextScripts };
  return {
    kind: "edited",
    text: serialise(next, indent, eol, finalNewline),
    added: toAdd,
    kept,
  };
}
