/**
 * The reference validator: Ajv for draft 2020-12, every error collected, own properties only,
 * ajv-formats in full mode (the reference docs/catalog.md names).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

export type Validate = (value: unknown) => boolean;

const addFormats = addFormatsModule as unknown as (
  ajv: Ajv2020,
  options?: { mode: "full" | "fast" },
) => Ajv2020;

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    ownProperties: true,
    validateFormats: true,
  });
  addFormats(ajv, { mode: "full" });
  return ajv;
}

let counter = 0;

/** Registers `schema` as a resource and returns a validator for it and for any pointer inside it. */
export function resource(
  ajv: Ajv2020,
  schema: unknown,
): { validate: Validate; at: (pointer: string) => Validate } {
  const id = `urn:toolcat-test:${++counter}`;
  ajv.addSchema(schema as object, id);
  const cache = new Map<string, Validate>();
  const at = (pointer: string): Validate => {
    let v = cache.get(pointer);
    if (!v) {
      const compiled = ajv.getSchema(
        `${id}#${pointer
          .split("/")
          .map((s) => encodeURIComponent(s).replace(/%24/g, "$"))
          .join("/")}`,
      );
      if (!compiled) throw new Error(`no schema at ${pointer}`);
      v = (value: unknown) => compiled(value) as boolean;
      cache.set(pointer, v);
    }
    return v;
  };
  return { validate: at(""), at };
}
