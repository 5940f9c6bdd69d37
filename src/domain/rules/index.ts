export * from './access';
export * from './project-status';
export * from './toolkits';
export * from './evaluations';
export * from './closure';
export * from './permissions';
export * from './toolkit-final';
export * from './setup';
