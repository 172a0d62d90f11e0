import { type Logger, type LoggerOptions, pino } from 'pino';

export type { Logger };

export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  extra: LoggerOptions = {},
): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
    ...extra,
  });
}
