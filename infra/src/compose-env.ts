/**
 * Compose's variable interpolation, for reading docker-compose.yml where no engine does it
 * (infra/scripts/compose-local.ts): `${NAME}`, `${NAME:-default}` (unset or empty),
 * `${NAME-default}` (unset only), `${NAME:?message}` (an error when unset or empty), `${NAME?message}` (when unset).
 */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/gi,
    (_, name: string, op?: string, arg?: string) => {
      const v = env[name];
      if (op === ':-') return v ? v : (arg ?? '');
      if (op === '-') return v !== undefined ? v : (arg ?? '');
      if ((op === ':?' && !v) || (op === '?' && v === undefined)) throw new Error(`${name}: ${arg}`);
      return v ?? '';
    },
  );
}
