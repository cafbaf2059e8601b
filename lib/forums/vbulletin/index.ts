export * from './site';
export * from './posts';
export * from './body';
export * from './reading';
export * from './page';
export * from './paging';
export * from './writer';
export * from './forum';
