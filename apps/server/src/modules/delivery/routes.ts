import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deliverySettingsReplySchema, deliverySettingsSaveReplySchema, deliverySettingsSchema, type DeliverySettingsReply, type DeliverySettingsSaveReply } from '@haat/shared/schemas/delivery';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc } from '../../lib/openapi';
import { ok } from '../../lib/reply';
import { readDeliverySettings } from './queries';
import { saveDeliverySettings } from './service';

export const deliveryRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  // The spec reads freeDelivery, insideDhaka and outsideDhaka at the top level; the envelope carries them in data too.
  app.get('/delivery-settings', { schema: doc('delivery', 'Free delivery and the fees inside and outside Dhaka', { reply: deliverySettingsReplySchema }) }, async (): Promise<DeliverySettingsReply> => {
    const settings = await readDeliverySettings(db);
    return { ...ok(settings), ...settings };
  });

  app.put('/delivery-settings', { preHandler: deps.guards.requirePermission('settings.manage'), schema: { ...doc('delivery', 'Change the delivery settings', { auth: 'admin', reply: deliverySettingsSaveReplySchema, errors: [413] }), body: deliverySettingsSchema } }, async (req): Promise<DeliverySettingsSaveReply> => {
    const { settings, modifiedCount } = await saveDeliverySettings(db, req.body, actorOf(req));
    const message = modifiedCount > 0 ? 'Shipping Cost Updated Successfully.' : 'Nothing was updated.';
    return { ...ok({ ...settings, modifiedCount }, message), ...settings, modifiedCount };
  });
};
