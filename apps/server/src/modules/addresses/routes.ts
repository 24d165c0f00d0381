import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressDeletedReplySchema, addressListReplySchema, addressReplySchema, addressSchema, deleteAddressSchema, editAddressSchema } from '@haat/shared/schemas/address';
import type { AppDeps } from '../../deps';
import { doc } from '../../lib/openapi';
import { userOf } from '../../lib/auth';
import { ok } from '../../lib/reply';
import { listAddresses } from './queries';
import { addAddress, editAddress, removeAddress } from './service';

/** address/* of spec §7, for signed-in users only (guests keep addresses in the browser). */
export const addressesRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const auth = { preHandler: deps.guards.requireUser };

  // Spec §7's client reads the list as `address`; our envelope carries it as `data`. Both are answered.
  app.get('/address/get-address', { ...auth, schema: doc('addresses', 'The user’s addresses, under data and address', { auth: 'user', reply: addressListReplySchema }) }, async (req) => {
    const list = await listAddresses(db, userOf(req).id);
    return { ...ok(list), address: list };
  });

  app.post('/address/add-address', { ...auth, schema: { ...doc('addresses', 'Add an address', { auth: 'user', reply: addressReplySchema, status: 201, errors: [413] }), body: addressSchema } }, async (req, reply) => {
    return reply.code(201).send(ok(await addAddress(db, userOf(req).id, req.body), 'Address added successfully'));
  });

  // The spec posts edits; PUT is accepted as well.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/address/edit-address',
      ...auth,
      schema: { ...doc('addresses', 'Edit an address (POST or PUT)', { auth: 'user', reply: addressReplySchema, errors: [404, 413] }), body: editAddressSchema },
      handler: async (req) => {
        const { id, ...input } = req.body;
        return ok(await editAddress(db, userOf(req).id, id, input), 'Address updated successfully');
      },
    });
  }

  app.delete('/address/delete-address', { ...auth, schema: { ...doc('addresses', 'Delete an address', { auth: 'user', reply: addressDeletedReplySchema, errors: [404] }), body: deleteAddressSchema } }, async (req) => {
    await removeAddress(db, userOf(req).id, req.body.id);
    return ok(null, 'Address deleted successfully');
  });
};
