/**
 * `$ref`. A target without `$ref` inside is compiled inline (its errors' schema paths start with
 * the `$ref` text, as Ajv's); any other target is its own generated function, called with the
 * current instance path. Calls into a `$ref` cycle carry a depth and stop at `maxDepth` with a
 * `$ref` error, where Ajv would overflow the stack.
 */
import { code } from "../../../codegen/code.js";
import { applyInline, objectLiteral, pushError, recordAll } from "../apply.js";
import { paramNumber, type KeywordEmitter } from "./keyword.js";

export const refKeyword: KeywordEmitter<"$ref"> = {
  keywords: ["$ref"],
  group: "any",
  emit({ cx, schema, w }) {
    const ref = schema.$ref!;
    const target = cx.resource.resolve(ref);
    if (target.kind === "inline") {
      applyInline(cx, { schema: target.schema, schemaPath: ref }, w);
      return;
    }
    const unit = target.unit;
    const depth = cx.fn.depth;
    const max = cx.comp.maxDepth;
    const tooDeep = code`${depth} >= ${max}`;
    if (cx.mode === "test") {
      const call = code`${cx.units.test(unit)}(${cx.data}, ${depth} + 1)`;
      w.ifElse(
        unit.cyclic ? code`${tooDeep} || !${call}` : code`!${call}`,
        () => w.line(cx.fail.code),
      );
      return;
    }
    const fn = cx.units.collect(unit);
    const call = () => {
      const r = cx.fn.local("r");
      w.line(
        code`const ${r} = ${fn}(${cx.data}, ${cx.path.toCode()}, ${depth} + 1);`,
      );
      w.ifElse(code`${r} !== null`, () => w.line(recordAll(cx, r)));
    };
    if (!unit.cyclic) return call();
    w.ifElse(
      tooDeep,
      () =>
        w.line(
          pushError(cx, {
            keyword: "$ref",
            params: objectLiteral([["limit", paramNumber(max)]]),
            message: code`${`must NOT be nested more than ${max} levels deep`}`,
          }),
        ),
      call,
    );
  },
};
