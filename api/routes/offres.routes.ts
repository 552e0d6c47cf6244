import { defineRoutes } from '../http/route.ts';

export const routes = defineRoutes([]);
