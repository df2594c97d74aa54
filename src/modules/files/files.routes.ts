import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

export async function filesRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
