import { setupServer } from 'msw/node';

/** One msw server for every web test; tests add their handlers with server.use(...). */
export const server = setupServer();
