import { ROOT_CONTEXT, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api'
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BasicTracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import type { OutboundFetch } from '@weft/nodes'
import type { RunRecord, SpanRecord } from './run-record.js'
import { EXPORT_TIMEOUT_MS, type OtlpDestination } from './trace-destination.js'

function startSpan(tracer: Tracer, record: SpanRecord, parent?: Span): Span {
  const context = parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT
  const span = tracer.startSpan(record.name, { startTime: record.startTime, attributes: record.attributes }, context)
  if (record.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: record.error })
  return span
}

/**
 * The OTLP/HTTP JSON body of a run: the recorded spans replayed through the OpenTelemetry SDK with
 * their own times (the root first, each node its child), serialized by OpenTelemetry's own code.
 */
export function otlpBody(record: RunRecord, resource: Record<string, string>): string {
  const spans: ReadableSpan[] = []
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'weft', ...resource }),
    spanProcessors: [
      {
        onStart: () => {},
        onEnd: (span) => spans.push(span),
        forceFlush: async () => {},
        shutdown: async () => {},
      },
    ],
  })
  const tracer = provider.getTracer('weft')
  const root = startSpan(tracer, record.root)
  for (const node of record.nodes) startSpan(tracer, node, root).end(node.endTime)
  root.end(record.root.endTime)
  const body = JsonTraceSerializer.serializeRequest(spans)
  if (!body) throw new Error('the trace could not be written as OTLP JSON')
  return new TextDecoder().decode(body)
}

/** Sends the run to an OTLP/HTTP collector through the outbound guard; throws when it is not taken. */
export async function sendOtlp(fetch: OutboundFetch, destination: OtlpDestination, record: RunRecord): Promise<void> {
  const response = await fetch(destination.url, {
    method: 'POST',
    headers: { ...destination.headers, 'content-type': 'application/json' },
    body: otlpBody(record, destination.resource),
    signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
  })
  await response.body?.cancel()
  if (!response.ok) throw new Error(`the collector answered HTTP ${response.status}`)
}
