import { z } from 'zod'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { credentialTypes } from '@weft/nodes'
import { notFound } from '../http-error.js'

// Documents the descriptor's main fields; the answers are JSON computed once, sent as is.
const descriptorSchema = z.looseObject({
  name: z.string(),
  label: z.string(),
  description: z.string().optional(),
  inputs: z.array(z.looseObject({ label: z.string(), name: z.string(), type: z.string() })),
})
const typeName = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/, 'must be letters, digits and underscores')
    .max(100, 'is too long'),
})

// A string with a JSON content type goes out as is: Fastify serializes only objects.
const sendJsonText = (reply: FastifyReply, text: string) => reply.type('application/json; charset=utf-8').send(text)

/**
 * The kinds of credential the node catalogue knows (SPEC §7 /components-credentials). Plain
 * catalogue data with no secret in it, which the canvas's credential picker needs too.
 */
export const componentsCredentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const all = JSON.stringify(credentialTypes)
  const byName = new Map(credentialTypes.map((type) => [type.name, JSON.stringify(type)]))

  app.get(
    '/components-credentials',
    { config: { access: 'signed-in' }, schema: { response: { 200: z.array(descriptorSchema) } } },
    async (_request, reply) => sendJsonText(reply, all),
  )

  app.get(
    '/components-credentials/:name',
    { config: { access: 'signed-in' }, schema: { params: typeName, response: { 200: descriptorSchema } } },
    async (request, reply) => {
      const type = byName.get(request.params.name)
      if (!type) throw notFound(`Credential type ${request.params.name} not found`)
      return sendJsonText(reply, type)
    },
  )
}
