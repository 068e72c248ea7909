/** The rule table, rendered from the rule registry (what `toolcat lint --rules` prints). */
import { ruleTable } from "../../../core/lint/registry.js";
import { SEVERITY_TEXT } from "../../../core/lint/rule-table-markdown.js";
import { el } from "./dom.js";

export function renderRuleTable(body: HTMLElement): void {
  body.replaceChildren(
    ...ruleTable().map((r) => {
      const tr = el("tr");
      tr.dataset.rule = r.id;
      tr.append(
        el("td", r.id),
        el("td", r.summary),
        el("td", SEVERITY_TEXT[r.severity]),
        el("td", r.fix ? `yes: ${r.fix}` : "no"),
      );
      return tr;
    }),
  );
}
