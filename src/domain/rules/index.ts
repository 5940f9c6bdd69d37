export * from './access';
