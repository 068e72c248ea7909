/**
 * The catalog `toolcat init` writes: small, lint-clean, and showing each part a newcomer needs
 * (the editor schema comment, a read tool and a write tool, an `output`, a shared `$defs` entry).
 * test/e2e/init.test.ts lints and generates it.
 */

/** `schemaPath` is catalog.schema.json as seen from the catalog's folder (posix separators). */
export function starterCatalog(schemaPath: string): string {
  return `# yaml-language-server: $schema=${schemaPath}
# The tools your agent can call, each defined once. \`toolcat generate\` turns this file into
# generated/ (types, validators, provider declarations); \`toolcat lint\` checks it.
toolcat: 1

targets:                         # provider declarations to emit; delete the ones you do not use
  openai-chat: { strict: auto }
  openai-responses: { strict: auto }
  openai-agents: {}
  anthropic: {}
  google-genai: {}
  google-interactions: {}
  mcp: {}
  openai-compatible: { strict: false }

$defs:                           # shared schemas, used as { $ref: "#/$defs/Priority" }
  Priority:
    type: string
    enum: [low, normal, high]
    description: How urgent a task is.

tools:
  list_tasks:
    title: List tasks
    description: List the user's open tasks, most urgent first.
    effect: read                 # read | write | destructive
    input:
      type: object
      properties:
        priority: { $ref: "#/$defs/Priority" }
        limit: { type: integer, minimum: 1, maximum: 50, description: Most tasks to return. }
      additionalProperties: false
    output:
      type: object
      description: The open tasks found.
      properties:
        tasks:
          type: array
          description: Tasks, most urgent first.
          items:
            type: object
            description: One task.
            properties:
              id: { type: string, description: Id of the task. }
              title: { type: string, description: What is to be done. }
              priority: { $ref: "#/$defs/Priority" }
            required: [id, title, priority]
            additionalProperties: false
      required: [tasks]
      additionalProperties: false

  add_task:
    title: Add a task
    description: Add a task to the user's list.
    effect: write
    input:
      type: object
      properties:
        title: { type: string, minLength: 1, maxLength: 200, description: What is to be done. }
        priority: { $ref: "#/$defs/Priority" }
        due: { type: string, format: date, description: Day it is due (YYYY-MM-DD). }
      required: [title]
      additionalProperties: false
    output:
      type: object
      description: The task created.
      properties:
        id: { type: string, description: Id of the new task. }
      required: [id]
      additionalProperties: false
`;
}
