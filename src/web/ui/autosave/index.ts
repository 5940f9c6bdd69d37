export * from './useAutosave';
export * from './SaveState';
export * from './ConflictBar';
export * from './AutosaveTextField';
export * from './useAutosaveField';
