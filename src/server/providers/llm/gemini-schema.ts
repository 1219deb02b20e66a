import type { Schema, Type } from '@google/genai';
import { z } from 'zod';

/** A JSON Schema node as zod writes it (z.toJSONSchema), the parts a response schema reads. */
interface JsonNode {
  type?: string | string[];
  anyOf?: JsonNode[];
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
}

// The SDK's Type enum by its values (its names), so that this module does not load the SDK at start.
const TYPES: Record<string, Type> = {
  object: 'OBJECT' as Type.OBJECT,
  array: 'ARRAY' as Type.ARRAY,
  string: 'STRING' as Type.STRING,
  number: 'NUMBER' as Type.NUMBER,
  integer: 'INTEGER' as Type.INTEGER,
  boolean: 'BOOLEAN' as Type.BOOLEAN,
};

/** The node's type other than null (a nullable field is asked as its type: the schema still reads a null). */
function typeOf(node: JsonNode): string | undefined {
  if (node.anyOf) return node.anyOf.map(typeOf).find((t) => t !== undefined && t !== 'null');
  return [node.type ?? []].flat().find((t) => t !== 'null');
}

function shapeOf(node: JsonNode): Schema {
  const nonNull = node.anyOf?.find((n) => typeOf(n) !== undefined) ?? node;
  const type = typeOf(nonNull);
  if (type === 'object') {
    const properties = Object.fromEntries(Object.entries(nonNull.properties ?? {}).map(([k, v]) => [k, shapeOf(v)]));
    return { type: TYPES.object, properties, required: Object.keys(properties) };
  }
  if (type === 'array') return { type: TYPES.array, items: shapeOf(nonNull.items ?? {}) };
  return type && TYPES[type] ? { type: TYPES[type] } : {};
}

/**
 * Gemini's response schema for the answer a feature's zod schema reads (structured output): the shape
 * only (types, fields, items), every field asked for. The lengths and defaults stay the zod schema's:
 * it reads the answer, and a model that strays is a malformed answer.
 */
export function responseSchemaOf(schema: z.ZodType): Schema {
  return shapeOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode);
}
