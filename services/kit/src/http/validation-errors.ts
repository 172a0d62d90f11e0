import type { FieldError } from '../errors';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, any>;
  message?: string;
}

const LOCATION: Record<string, FieldError['location']> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

function toPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((seg, i) => (/^\d+$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
    .join('');
}

function describe(e: AjvError, field: string): string {
  const name = field || 'value';
  switch (e.keyword) {
    case 'required':
      return `${field ? `${field}.` : ''}${e.params.missingProperty} is required`;
    case 'additionalProperties':
      return `${field ? `${field}.` : ''}${e.params.additionalProperty} is not allowed`;
    case 'type':
      return `${name} must be ${/^[aeiou]/.test(e.params.type) ? 'an' : 'a'} ${e.params.type}`;
    case 'format':
      return e.params.format === 'email'
        ? `${name} must be a valid email address`
        : `${name} must be a valid ${e.params.format}`;
    case 'pattern':
      return e.params.pattern === '^[0-9a-f]{24}$'
        ? `${name} must be a valid id (24 hexadecimal characters)`
        : `${name} has an invalid format`;
    case 'enum':
      return `${name} must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    case 'minLength':
      return e.params.limit === 1
        ? `${name} must not be empty`
        : `${name} must be at least ${e.params.limit} characters`;
    case 'maxLength':
      return `${name} must be at most ${e.params.limit} characters`;
    case 'minimum':
      return `${name} must be at least ${e.params.limit}`;
    case 'exclusiveMinimum':
      return `${name} must be greater than ${e.params.limit}`;
    case 'maximum':
      return `${name} must be at most ${e.params.limit}`;
    case 'exclusiveMaximum':
      return `${name} must be less than ${e.params.limit}`;
    case 'multipleOf':
      return e.params.multipleOf === 0.01
        ? `${name} must have at most two decimals`
        : `${name} must be a multiple of ${e.params.multipleOf}`;
    case 'minItems':
      return `${name} must have at least ${e.params.limit} item${e.params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${name} must have at most ${e.params.limit} items`;
    case 'const':
      return `${name} must be ${JSON.stringify(e.params.allowedValue)}`;
    default:
      return `${name} ${e.message ?? 'is invalid'}`;
  }
}

/** Turns Ajv's errors into the API's `errors[]`: one entry per field, readable messages. */
export function formatValidationErrors(errors: AjvError[], context: string): FieldError[] {
  const location = LOCATION[context] ?? 'body';
  const out: FieldError[] = [];
  const seen = new Set<string>();
  // union branches repeat themselves ("must be string", "must be number"); keep the first per path
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const base = toPath(e.instancePath);
    const path =
      e.keyword === 'required'
        ? [base, e.params.missingProperty].filter(Boolean).join('.')
        : e.keyword === 'additionalProperties'
          ? [base, e.params.additionalProperty].filter(Boolean).join('.')
          : base;
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, location, msg: describe(e, base) });
  }
  if (out.length === 0) out.push({ path: '', location, msg: 'Invalid request' });
  return out;
}
