import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod contract, browsable at /api-docs (JSON at /api-docs/json). */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Instant loan API',
        description: 'Replies are `{ code, data, message }`; success is `0` or `"00"` per family.',
        version: '1.0.0',
      },
      components: { securitySchemes: { borrower: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: true });
});
