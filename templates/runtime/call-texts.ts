/**
 * What the model reads for each outcome of a call that did not simply succeed. Every text says
 * whether the tool ran and what the model should do next; none holds anything from an exception
 * (message, stack, thrown object), so nothing internal reaches the model. Values the model sent
 * appear only as short excerpts. Copied into generated output (runtime/call-texts.ts).
 */
import { excerpt, fieldPath, pointerSegments } from "./validation-errors.js";
import type { CallProblem } from "./tool-call.js";

const name = (tool: string): string => excerpt(tool, 80);

export function incompleteText(tool: string): string {
  return `The tool ${name(tool)} was not run: the response was cut off before the call was complete. Call it again with complete arguments.`;
}

export function unknownToolText(
  tool: unknown,
  tools: readonly string[],
): string {
  const listed = tools.length > 0 ? tools.join(", ") : "(none)";
  return `There is no tool named ${excerpt(tool, 80)}; nothing was run. The tools are: ${listed}.`;
}

export function badIdText(tool: string, why: string): string {
  return `The tool ${name(tool)} was not run: ${why}.`;
}

export function notJsonText(tool: string, received: string): string {
  return `The tool ${name(tool)} was not run: its arguments are not valid JSON (received ${excerpt(received, 40)}). Send the arguments as one JSON object.`;
}

/** `why` is the adapter's own wording (model text in it is already a short quoted excerpt). */
export function unreadableArgumentsText(tool: string, why: string): string {
  return `The tool ${name(tool)} was not run: its arguments could not be put together from what was streamed: ${clip(why, 300)}. Call it again with the complete arguments.`;
}

export function notObjectText(tool: string, received: unknown): string {
  return `The tool ${name(tool)} was not run: its arguments must be a JSON object; received ${kindOf(received)}. Send the arguments as one JSON object.`;
}

export function uncheckableText(tool: string): string {
  return `The tool ${name(tool)} was not run: its arguments could not be checked (too deeply nested or too large). Send simpler arguments.`;
}

/** The app's own messages from a domain check, one line per problem with the field's path. */
export function checkFailedText(
  tool: string,
  problems: readonly CallProblem[],
  args: unknown,
): string {
  const lines = problems.slice(0, 20).map((p) => {
    const field = fieldPath(pointerSegments(p.instancePath), args);
    return `- ${field}: ${clip(p.message, 300)}`;
  });
  if (problems.length > 20) lines.push(`- … and ${problems.length - 20} more`);
  const count =
    problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return [
    `The tool ${name(tool)} was not run: the app turned its arguments down (${count}).`,
    ...lines,
    "Fix these fields and call the tool again.",
  ].join("\n");
}

export function checkErrorText(tool: string): string {
  return `The tool ${name(tool)} was not run: its arguments could not be checked right now. Do not retry this call; tell the user.`;
}

export function notConfirmedText(tool: string): string {
  return `The tool ${name(tool)} was not run: the user declined it. Do not call it again unless the user asks for it.`;
}

export function handlerFailedText(tool: string): string {
  return `The tool ${name(tool)} failed and gave no result. No details are available; continue without it or try again later.`;
}

export function outcomeUnknownText(tool: string): string {
  return `The tool ${name(tool)} failed after it started, so its outcome is unknown: it may or may not have taken effect. Do not call it again; tell the user, who can check.`;
}

export function invalidOutputText(tool: string, sideEffects: boolean): string {
  return sideEffects
    ? `The tool ${name(tool)} failed: it returned a result that does not match its declared output, so its outcome is unknown: it may or may not have taken effect. Do not call it again; tell the user, who can check.`
    : `The tool ${name(tool)} failed: it returned a result that does not match its declared output. Continue without it or try again later.`;
}

export function inProgressText(tool: string): string {
  return `The tool ${name(tool)} is already running for this call id; its outcome is not known yet. Do not call it again.`;
}

export function reusedIdText(tool: string): string {
  return `The tool ${name(tool)} was not run: its call id was already used for a different call (another tool or other arguments), so this call is neither run nor answered with that call's result. If it is still needed, it must come as a new call.`;
}

export function storeFailedText(tool: string): string {
  return `The tool ${name(tool)} was not run: the app could not record the call. Try again later.`;
}

/** App text on one line, at most `max` characters (the app's messages are not JSON-quoted). */
function clip(text: unknown, max: number): string {
  const line = (typeof text === "string" ? text : excerpt(text, max)).replace(
    /[\u0000-\u001f\u2028\u2029]/g,
    " ",
  );
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join("")}…`;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `a string (${excerpt(value, 40)})`;
  if (typeof value === "object") return "an object";
  return typeof value === "undefined" ? "nothing" : `a ${typeof value}`;
}
