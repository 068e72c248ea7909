/** The page state (what a shared link carries) and the checks a link's state must pass. */
import {
  EFFECTS,
  EXAMPLE_BUILD,
  ITEM_TYPES,
  PARAMETER_TYPES,
  type BuildState,
  type ParameterRow,
} from "../engine/build-catalog.js";

export type Mode = "check" | "build";
export type Mutable<T> = {
  -readonly [K in keyof T]: T[K] extends readonly (infer E)[]
    ? Mutable<E>[]
    : T[K];
};
export type Row = Mutable<ParameterRow>;

export interface PageState {
  mode: Mode;
  check: string;
  build: Mutable<BuildState>;
  tryTarget: string;
  tryTool: string;
  tryArguments: string;
  tryResult: string;
}

export function cloneBuild(b: BuildState): Mutable<BuildState> {
  return structuredClone(b) as Mutable<BuildState>;
}

export function initialState(): PageState {
  return {
    mode: "check",
    check: "",
    build: cloneBuild(EXAMPLE_BUILD),
    tryTarget: "openai-chat",
    tryTool: "",
    tryArguments: "{}",
    tryResult: "{}",
  };
}

/** The state's fields, copied one by one (a link's JSON may carry a `__proto__` key). */
export function adopt(target: PageState, from: PageState): void {
  target.mode = from.mode;
  target.check = from.check;
  target.build = {
    name: from.build.name,
    description: from.build.description,
    effect: from.build.effect,
    parameters: from.build.parameters.map(copyRow),
  };
  target.tryTarget = from.tryTarget;
  target.tryTool = from.tryTool;
  target.tryArguments = from.tryArguments;
  target.tryResult = from.tryResult;
}

function copyRow(r: Row): Row {
  return {
    name: r.name,
    type: r.type,
    description: r.description,
    enumValues: r.enumValues,
    required: r.required,
    items: r.items,
    children: r.children.map(copyRow),
  };
}

function isRow(v: unknown, depth = 0): v is Row {
  if (depth > 8 || typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.name === "string" &&
    (PARAMETER_TYPES as readonly unknown[]).includes(r.type) &&
    typeof r.description === "string" &&
    typeof r.enumValues === "string" &&
    typeof r.required === "boolean" &&
    (ITEM_TYPES as readonly unknown[]).includes(r.items) &&
    Array.isArray(r.children) &&
    r.children.every((c) => isRow(c, depth + 1))
  );
}

export function isPageState(v: unknown): v is PageState {
  if (typeof v !== "object" || v === null) return false;
  const s = v as Record<string, unknown>;
  const b = s.build as Record<string, unknown> | null;
  return (
    (s.mode === "check" || s.mode === "build") &&
    typeof s.check === "string" &&
    typeof b === "object" &&
    b !== null &&
    typeof b.name === "string" &&
    typeof b.description === "string" &&
    (EFFECTS as readonly unknown[]).includes(b.effect) &&
    Array.isArray(b.parameters) &&
    b.parameters.every((r) => isRow(r)) &&
    ["tryTarget", "tryTool", "tryArguments", "tryResult"].every(
      (k) => typeof s[k] === "string",
    )
  );
}
