export * from './business';
export * from './clients';
export * from './http';
export * from './metrics';
export * from './tracing';
