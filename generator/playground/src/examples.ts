/** The example chips of check mode. */

/** A clean tool: no findings; it copies as it is. */
export const CLEAN_EXAMPLE = `toolcat: 1
targets:
  openai-chat: { strict: true }
  anthropic: {}
  mcp: {}
tools:
  get_weather:
    description: Current weather for a city.
    effect: read
    input:
      type: object
      properties:
        city: { type: string, description: Name of the city. }
        unit: { type: string, enum: [celsius, fahrenheit], description: Temperature unit. }
      required: [city, unit]
      additionalProperties: false
`;

/**
 * A typically broken one: an empty description, a \`default\`, no \`additionalProperties: false\`,
 * a \`required\` that forgot \`unit\` and a junk \`required\` entry.
 */
export const BROKEN_EXAMPLE = `toolcat: 1
targets:
  openai-chat: { strict: auto }
  anthropic: {}
  mcp: {}
tools:
  get_weather:
    description: Current weather for a city.
    effect: read
    input:
      type: object
      properties:
        city: { type: string, description: "" }
        unit: { type: string, enum: [celsius, fahrenheit], default: celsius, description: Temperature unit. }
      required: [city, country]
`;
