import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import { requestSerializer } from './http/redact';
import { activeTraceIds } from './observability/tracing';

export type { Logger };

export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  extra: LoggerOptions = {},
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
    // request lines carry the URL without the secrets some URLs hold (reset tokens, sign-in codes)
    serializers: { req: requestSerializer },
    // every line written inside a request or an event handler names its trace
    mixin: () => activeTraceIds() ?? {},
    ...extra,
  };
  return destination ? pino(options, destination) : pino(options);
}
