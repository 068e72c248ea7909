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
    const keyList = Object.keys(props);
    for (let i = 0; i < keyList.length; i++) {
      const name = keyList[i]!;
      const sub = props[name]!;
      if (alwaysValid(sub)) continue;
      // Checked only when present: the driver guards what an absent value would fail.
      applyInline(
        cx,
        {
          schema: sub,
          schemaPath: `${cx.schemaPath}/properties/${schemaPathSegment(name)}`,
          data: node.value(name),
          path: cx.path.property(name),
          presence: node.present(name),
        },
        w,
      );
    }
  },
};
