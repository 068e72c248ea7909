// A deterministic synthetic catalog of N realistic tools (for benchmarks), as YAML text.
// Tools mix the shapes real catalogs have: nested objects, arrays of objects, enums, formats,
// bounds, nullable fields, $refs to shared $defs, and output schemas.

export function syntheticCatalog(count) {
  const lines = [
    "toolcat: 1",
    "targets:",
    "  openai-chat: { strict: auto }",
    "  openai-responses: { strict: auto }",
    "  openai-agents: {}",
    "  anthropic: {}",
    "  google-genai: {}",
    "  google-interactions: {}",
    "  mcp: {}",
    "  openai-compatible: { strict: false }",
    "$defs:",
    "  Currency: { type: string, enum: [EUR, USD, GBP, JPY], description: ISO currency code. }",
    "  Money:",
    "    type: object",
    "    description: An amount of money.",
    "    properties:",
    "      amount: { type: number, minimum: 0, description: The amount. }",
    '      currency: { $ref: "#/$defs/Currency" }',
    "    required: [amount, currency]",
    "    additionalProperties: false",
    "tools:",
  ];
  for (let i = 0; i < count; i++) {
    const kind = i % 4;
    lines.push(`  tool_${i}_${["get", "list", "create", "update"][kind]}:`);
    lines.push(
      `    description: Synthetic tool number ${i} that ${["reads a record", "lists records", "creates a record", "updates a record"][kind]}.`,
    );
    lines.push(`    effect: ${kind < 2 ? "read" : "write"}`);
    lines.push("    input:");
    lines.push("      type: object");
    lines.push("      properties:");
    lines.push(
      `        id: { type: string, format: uuid, description: Record id. }`,
    );
    lines.push(
      `        name: { type: string, minLength: 1, maxLength: ${50 + (i % 50)}, description: Display name. }`,
    );
    lines.push(
      `        count: { type: integer, minimum: 0, maximum: ${100 + i}, description: How many. }`,
    );
    lines.push(
      `        status: { type: string, enum: [draft, active, archived, deleted], description: Lifecycle status. }`,
    );
    lines.push(
      `        due: { type: [string, "null"], format: date, description: Due day or null. }`,
    );
    lines.push(`        price: { $ref: "#/$defs/Money" }`);
    lines.push("        tags:");
    lines.push("          type: array");
    lines.push("          description: Labels.");
    lines.push("          maxItems: 20");
    lines.push("          uniqueItems: true");
    lines.push(
      `          items: { type: string, pattern: "^[a-z][a-z0-9-]{0,30}$", description: A label. }`,
    );
    lines.push("        lines:");
    lines.push("          type: array");
    lines.push("          description: Line items.");
    lines.push("          items:");
    lines.push("            type: object");
    lines.push("            description: One line.");
    lines.push("            properties:");
    lines.push(
      "              sku: { type: string, description: Stock keeping unit. }",
    );
    lines.push(
      "              qty: { type: integer, minimum: 1, description: Quantity. }",
    );
    lines.push(
      '              note: { type: [string, "null"], maxLength: 200, description: Remark or null. }',
    );
    lines.push("            required: [sku, qty, note]");
    lines.push("            additionalProperties: false");
    lines.push(`      required: [id, name, status, due]`);
    lines.push("      additionalProperties: false");
    lines.push("    output:");
    lines.push("      type: object");
    lines.push("      description: Result.");
    lines.push("      properties:");
    lines.push(
      "        ok: { type: boolean, description: Whether it worked. }",
    );
    lines.push(
      "        updated_at: { type: string, format: date-time, description: When. }",
    );
    lines.push("      required: [ok, updated_at]");
    lines.push("      additionalProperties: false");
  }
  return lines.join("\n") + "\n";
}
