export * from './site';
export * from './rolls';
export * from './posts';
export * from './body';
export * from './reading';
export * from './page';
export * from './writer';
export * from './forum';
