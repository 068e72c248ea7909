/**
 * How a constraint that a dialect cannot carry is stated in a description. One phrase per keyword,
 * plain English with the exact values (schemas as compact JSON), so the model is told precisely
 * what the local validator will check.
 */
import type { Json } from "../../schema/json.js";

export interface PhraseOptions {
  /**
   * The object's optional properties are declared required-and-nullable (OpenAI strict): a
   * property sent as null counts as absent, and the phrases say so.
   */
  readonly nullMeansOmitted?: boolean;
}

const json = (value: Json): string => JSON.stringify(value);
const plural = (n: number, one: string, many: string): string =>
  `${n} ${n === 1 ? one : many}`;
const quoted = (names: readonly Json[]): string =>
  names.map((n) => json(n)).join(", ");

/** The phrase for one keyword, or undefined when the keyword is not a constraint of its own. */
export function constraintPhrase(
  keyword: string,
  value: Json,
  options: PhraseOptions = {},
): string | undefined {
  const given = options.nullMeansOmitted ? "non-null" : "";
  const n = typeof value === "number" ? value : NaN;
  switch (keyword) {
    case "minLength":
      return `at least ${plural(n, "character", "characters")}`;
    case "maxLength":
      return `at most ${plural(n, "character", "characters")}`;
    case "pattern":
      return `matches the regular expression ${json(value)}`;
    case "format":
      return `format ${json(value)}`;
    case "minimum":
      return `minimum ${n}`;
    case "maximum":
      return `maximum ${n}`;
    case "exclusiveMinimum":
      return `greater than ${n}`;
    case "exclusiveMaximum":
      return `less than ${n}`;
    case "multipleOf":
      return `a multiple of ${n}`;
    case "minItems":
      return `at least ${plural(n, "item", "items")}`;
    case "maxItems":
      return `at most ${plural(n, "item", "items")}`;
    case "uniqueItems":
      return value === true ? "no two items equal" : undefined;
    case "contains":
      return `at least one item matches ${json(value)}`;
    case "minContains":
      return `at least ${plural(n, "item matches", "items match")} the "contains" schema`;
    case "maxContains":
      return `at most ${plural(n, "item matches", "items match")} the "contains" schema`;
    case "minProperties":
      return `at least ${plural(n, given ? `${given} property` : "property", given ? `${given} properties` : "properties")}`;
    case "maxProperties":
      return `at most ${plural(n, given ? `${given} property` : "property", given ? `${given} properties` : "properties")}`;
    case "propertyNames":
      return `property names match ${json(value)}`;
    case "patternProperties":
      return `properties whose names match a pattern follow ${json(value)}`;
    case "additionalProperties":
      return value === false
        ? "no other properties"
        : `other properties follow ${json(value)}`;
    case "dependentRequired": {
      if (typeof value !== "object" || value === null || Array.isArray(value))
        return undefined;
      const rules = Object.keys(value).map((k) => {
        const deps = (value as { readonly [key: string]: Json })[
          k
        ] as readonly Json[];
        return `when ${json(k)} is ${given ? "non-null" : "given"}, ${quoted(deps)} ${deps.length === 1 ? "is" : "are"} ${given ? "non-null" : "required"} too`;
      });
      return rules.join("; ");
    }
    case "allOf":
      return `matches all of ${json(value)}`;
    case "anyOf":
      return `matches at least one of ${json(value)}`;
    case "oneOf":
      return `matches exactly one of ${json(value)}`;
    case "not":
      return `does not match ${json(value)}`;
    case "if":
      return `if it matches ${json(value)}`;
    case "then":
      return `then it must match ${json(value)}`;
    case "else":
      return `otherwise it must match ${json(value)}`;
    case "const":
      return `exactly ${json(value)}`;
    case "enum":
      return `one of ${json(value)}`;
    case "prefixItems":
      return `items by position ${json(value)}`;
    case "items":
      return value === false
        ? "no items beyond the listed positions"
        : `items match ${json(value)}`;
    case "type":
      return `of type ${json(value)}`;
    default:
      return undefined;
  }
}

/** Annotations that are not constraints but are worth telling the model when they are dropped. */
export function annotationPhrase(
  keyword: string,
  value: Json,
): string | undefined {
  if (keyword === "default") return `default ${json(value)}`;
  return undefined;
}

/** Appends phrases to a description as one sentence: `Text. Constraints: a; b.` */
export function withConstraints(
  description: string | undefined,
  phrases: readonly string[],
): string {
  if (phrases.length === 0) return description ?? "";
  const sentence = `Constraints: ${phrases.join("; ").replace(/[.]+$/, "")}.`;
  const base = (description ?? "").trimEnd();
  if (base === "") return sentence;
  return /[.!?:]$/.test(base) ? `${base} ${sentence}` : `${base}. ${sentence}`;
}

/** Appends a plain sentence (e.g. what null means) to a description. */
export function withSentence(
  description: string | undefined,
  sentence: string,
): string {
  const base = (description ?? "").trimEnd();
  if (base === "") return sentence;
  return /[.!?]$/.test(base) ? `${base} ${sentence}` : `${base}. ${sentence}`;
}
