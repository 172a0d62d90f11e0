export * from './business';
export * from './http';
export * from './metrics';
export * from './tracing';
