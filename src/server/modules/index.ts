import type { FastifyPluginAsync } from 'fastify';
import projects from './projects';
import master from './master';
import photos from './photos';
import supervision from './supervision';
import toolkits from './toolkits';
import outbox from './outbox';
import support from './support';
import evaluations from './evaluations';
import sessions from './sessions';
import idone from './idone';

/** Every server module (one Fastify plugin per spec area), registered by app.ts. */
export const modules: FastifyPluginAsync[] = [projects, master, photos, supervision, toolkits, outbox, support, evaluations, sessions, idone];
