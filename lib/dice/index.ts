export * from './pool';
export * from './contest';
export * from './roller';
