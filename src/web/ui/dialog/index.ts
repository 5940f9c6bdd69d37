export * from './ModalDialog';
export * from './failure';
