// The reference beside every figure: a bare Fastify server with one route, on the same machine in the same run.
import Fastify from 'fastify'

const app = Fastify()
app.get('/api/v1/ping', async () => 'pong')
// What a prediction answers, without running anything: the floor for a JSON POST.
app.post('/api/v1/echo', async (request) => ({ text: 'The answer is forty-two.', question: request.body.question }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
