export * from './attributes';
export * from './keywords';
export * from './settings';
export * from './draw';
export * from './duel';
export * from './sheet';
export * from './audit';
