/** `properties`: each named property's schema applies when the property is an own, defined member. */
import { applyInline } from "../apply.js";
import { schemaPathSegment } from "../context.js";
import { alwaysValid } from "../rules.js";
import type { KeywordEmitter } from "./keyword.js";

export const propertiesKeyword: KeywordEmitter<"properties"> = {
  keywords: ["properties"],
  group: "object",
  emit({ cx, schema, w, node }) {
    const props = schema.properties!;
    for (const name of Object.keys(props)) {
      const sub = props[name]!;
      if (alwaysValid(sub)) continue;
      const body = w.child(1);
      applyInline(cx, { schema: sub, schemaPath: `${cx.schemaPath}/properties/${schemaPathSegment(name)}`, data: node.value(name), path: cx.path.property(name) }, body);
      if (body.isEmpty) continue;
      w.ifElse(node.present(name), () => w.splice(body));
    }
  },
};
