/** Build mode's parameter rows: one editor per row, nested for objects and arrays of objects. */
import {
  emptyRow,
  ITEM_TYPES,
  PARAMETER_TYPES,
} from "../engine/build-catalog.js";
import { el } from "./dom.js";
import type { Row } from "./page-state.js";

/**
 * Renders the rows into `box`. `changed` is told after every edit; `structure` is true when the
 * form's shape changed (a row added or removed, a type changed), and the form is then drawn again
 * (text edits keep the focus: the form is not redrawn for them).
 */
export function renderParameters(
  box: HTMLElement,
  rows: Row[],
  changed: () => void,
): void {
  const redraw = () => (renderParameters(box, rows, changed), changed());
  box.replaceChildren(
    ...rows.map((row, i) =>
      parameterEditor(row, rows, i, "parameter", changed, redraw),
    ),
  );
}

function parameterEditor(
  row: Row,
  siblings: Row[],
  index: number,
  path: string,
  changed: () => void,
  redraw: () => void,
): HTMLElement {
  const box = el("div", undefined, "param");
  const id = `${path}-${index}`;
  box.dataset.testid = id;
  const line = el("div", undefined, "row");
  const name = el("input");
  name.value = row.name;
  name.placeholder = "name";
  name.setAttribute("aria-label", "parameter name");
  name.dataset.testid = `${id}-name`;
  name.addEventListener("input", () => ((row.name = name.value), changed()));
  const type = el("select");
  type.dataset.testid = `${id}-type`;
  type.setAttribute("aria-label", "parameter type");
  for (const t of PARAMETER_TYPES)
    type.append(new Option(t, t, false, t === row.type));
  type.addEventListener(
    "change",
    () => ((row.type = type.value as Row["type"]), redraw()),
  );
  const required = el("label");
  const box2 = el("input");
  box2.type = "checkbox";
  box2.checked = row.required;
  box2.dataset.testid = `${id}-required`;
  box2.addEventListener(
    "change",
    () => ((row.required = box2.checked), changed()),
  );
  required.append(box2, document.createTextNode(" required"));
  const remove = el("button", "Remove");
  remove.type = "button";
  remove.addEventListener("click", () => (siblings.splice(index, 1), redraw()));
  line.append(name, type, required, remove);
  const description = el("input");
  description.value = row.description;
  description.placeholder = "description (what the model should send)";
  description.setAttribute("aria-label", "parameter description");
  description.dataset.testid = `${id}-description`;
  description.addEventListener(
    "input",
    () => ((row.description = description.value), changed()),
  );
  box.append(line, description);
  if (row.type === "array") {
    const items = el("select");
    items.dataset.testid = `${id}-items`;
    items.setAttribute("aria-label", "item type");
    for (const t of ITEM_TYPES)
      items.append(new Option(`array of ${t}`, t, false, t === row.items));
    items.addEventListener(
      "change",
      () => ((row.items = items.value as Row["items"]), redraw()),
    );
    box.append(items);
  }
  if (
    row.type === "string" ||
    row.type === "number" ||
    row.type === "integer" ||
    (row.type === "array" && row.items !== "object" && row.items !== "boolean")
  ) {
    const values = el("input");
    values.value = row.enumValues;
    values.placeholder = "enum values, comma-separated (optional)";
    values.setAttribute("aria-label", "enum values");
    values.dataset.testid = `${id}-enum`;
    values.addEventListener(
      "input",
      () => ((row.enumValues = values.value), changed()),
    );
    box.append(values);
  }
  if (
    row.type === "object" ||
    (row.type === "array" && row.items === "object")
  ) {
    const children = el("div");
    children.append(
      ...row.children.map((c, i) =>
        parameterEditor(c, row.children, i, id, changed, redraw),
      ),
    );
    const add = el("button", "Add property");
    add.type = "button";
    add.dataset.testid = `${id}-add`;
    add.addEventListener(
      "click",
      () => (row.children.push(emptyRow() as Row), redraw()),
    );
    box.append(children, add);
  }
  return box;
}
