export * from './catalogue';
export * from './common';
export * from './define';
export * from './keys';
export * from './ledger';
export * from './markets';
