import { Ajv, type ValidateFunction } from 'ajv';

/**
 * A declared response schema both documents a call and serialises its answer: fields the
 * schema does not name are dropped and mistyped ones coerced, silently. Under test every 2xx
 * answer is therefore first checked against its schema made strict (no undeclared field, no
 * coercion), so a schema that would change a contract fails the test that calls the route.
 */
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** The schema with every object closed to fields it does not declare. */
export function closedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    // property names are data, not schemas: only their values are walked
    out[k] =
      k === 'properties' && v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, closedSchema(s)]))
        : closedSchema(v);
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

export interface ResponseMismatch {
  path: string;
  msg: string;
}

/** What in `payload` (as JSON will carry it) its declared schema does not allow. */
export function responseMismatches(schema: object, payload: unknown): ResponseMismatch[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(closedSchema(JSON.parse(JSON.stringify(schema))) as object);
    compiled.set(schema, validate);
  }
  const json = payload === undefined ? undefined : JSON.parse(JSON.stringify(payload));
  if (validate(json)) return [];
  return (validate.errors ?? []).map((e) => ({
    path: e.instancePath || '/',
    msg:
      e.keyword === 'additionalProperties'
        ? `undeclared field ${(e.params as { additionalProperty: string }).additionalProperty}`
        : (e.message ?? e.keyword),
  }));
}

/** The schema a route declared for a status code (exact, then `2xx`, then `default`). */
export function declaredResponse(
  response: Record<string, unknown> | undefined,
  statusCode: number,
): object | undefined {
  if (!response) return undefined;
  const s = response[statusCode] ?? response[`${String(statusCode)[0]}xx`] ?? response.default;
  return s && typeof s === 'object' ? (s as object) : undefined;
}
