import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import { callerOf } from '../../http/auth.ts';
import { pageResponse } from '../../http/pagination.ts';
import { Data, errorResponses, IdParams, Page, PageOnlyQuery } from '../../http/schemas.ts';
import {
  CreateWebhookBody,
  DeliveryParams,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookWithSecret,
} from './webhooks.schemas.ts';
import {
  changeWebhook,
  createWebhook,
  getWebhook,
  getWebhookDelivery,
  listMyWebhooks,
  listWebhookDeliveries,
  pingWebhook,
  redeliver,
  removeWebhook,
  rotateSecret,
} from './webhooks.service.ts';

const tags = ['Webhooks'];

const URL_RULE =
  'The URL must be http or https and its host must resolve to public addresses only (422 otherwise; ' +
  'WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts this for development).';

export async function webhooksRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Create a webhook for the caller; the answer shows its signing secret, this once',
        description: URL_RULE,
        body: CreateWebhookBody,
        response: { 201: Data(WebhookWithSecret), ...errorResponses(400, 401, 413, 422) },
      },
    },
    async (request, reply) => {
      const webhook = await createWebhook(deps, callerOf(request), request.body);
      return reply.status(201).send({ data: webhook });
    },
  );

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: "The caller's webhooks, newest first",
        querystring: PageOnlyQuery,
        response: { 200: Page(Webhook), ...errorResponses(401, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listMyWebhooks(db, callerOf(request), page)),
  );

  app.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'getWebhook',
        summary: "One of the caller's webhooks (another user's is a 404)",
        params: IdParams,
        response: { 200: Data(Webhook), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ data: await getWebhook(db, callerOf(request), request.params.id) }),
  );

  app.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'updateWebhook',
        summary: 'Change a webhook; absent fields keep their values',
        description: `${URL_RULE} \`active: true\` switches a deactivated webhook on again.`,
        params: IdParams,
        body: UpdateWebhookBody,
        response: { 200: Data(Webhook), ...errorResponses(400, 401, 404, 413, 422) },
      },
    },
    async (request) => ({ data: await changeWebhook(deps, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook with its delivery log; pending deliveries are not sent',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await removeWebhook(db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Replace the signing secret; the answer shows the new one, this once',
        params: IdParams,
        response: { 200: Data(WebhookWithSecret), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ data: await rotateSecret(db, callerOf(request), request.params.id) }),
  );

  app.post(
    '/webhooks/:id/ping',
    {
      schema: {
        tags,
        operationId: 'pingWebhook',
        summary: 'Queue a ping event to this webhook (whatever its events); 422 when it is not active',
        params: IdParams,
        response: { 202: Data(WebhookDelivery), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const delivery = await pingWebhook(deps, callerOf(request), request.params.id);
      return reply.status(202).send({ data: delivery });
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "The webhook's deliveries, newest first",
        params: IdParams,
        querystring: PageOnlyQuery,
        response: { 200: Page(WebhookDelivery), ...errorResponses(401, 404, 422) },
      },
    },
    (request) => pageResponse(request, (page) => listWebhookDeliveries(db, callerOf(request), request.params.id, page)),
  );

  app.get(
    '/webhooks/:id/deliveries/:delivery_id',
    {
      schema: {
        tags,
        operationId: 'getWebhookDelivery',
        summary: 'One delivery, with the request body as sent',
        params: DeliveryParams,
        response: { 200: Data(WebhookDeliveryDetail), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      data: await getWebhookDelivery(db, callerOf(request), request.params.id, request.params.delivery_id),
    }),
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/redeliver',
    {
      schema: {
        tags,
        operationId: 'redeliverWebhookDelivery',
        summary: 'Send the event of a delivery again, as a new delivery with the same webhook-id',
        params: DeliveryParams,
        response: { 202: Data(WebhookDelivery), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const delivery = await redeliver(deps, callerOf(request), request.params.id, request.params.delivery_id);
      return reply.status(202).send({ data: delivery });
    },
  );
}
