// The yardstick of `npm run bench`: a bare Fastify server answering one fixed
// JSON list of 20 products (read from YARDSTICK_BODY, a file). It runs in its
// own process, like the shop's server, so both are measured the same way.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.YARDSTICK_BODY, 'utf8');
const app = Fastify({ logger: false });
app.get('/list', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
// The parent reads the port from the first line.
console.log(JSON.stringify({ port: app.server.address().port }));
