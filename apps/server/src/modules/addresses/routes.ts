import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressSchema, deleteAddressSchema, editAddressSchema } from '@haat/shared/schemas/address';
import type { AppDeps } from '../../app';
import { ok } from '../../lib/reply';
import { createAddressService } from './service';

/** address/* of spec §7, for signed-in users only (guests keep addresses in the browser). */
export const addressesRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const addresses = createAddressService(deps.database.db);
  const auth = { preHandler: deps.guards.requireUser };

  app.get('/address/get-address', auth, async (req) => ok(await addresses.list(req.user!.id)));

  app.post('/address/add-address', { ...auth, schema: { body: addressSchema } }, async (req, reply) => {
    return reply.code(201).send(ok(await addresses.add(req.user!.id, req.body), 'Address added successfully'));
  });

  // The spec posts edits; PUT is accepted as well.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/address/edit-address',
      ...auth,
      schema: { body: editAddressSchema },
      handler: async (req) => {
        const { id, ...input } = req.body;
        return ok(await addresses.edit(req.user!.id, id, input), 'Address updated successfully');
      },
    });
  }

  app.delete('/address/delete-address', { ...auth, schema: { body: deleteAddressSchema } }, async (req) => {
    await addresses.remove(req.user!.id, req.body.id);
    return ok(null, 'Address deleted successfully');
  });
};
