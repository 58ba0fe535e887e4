import type { CredentialDescriptor } from '@weft/core'

export const openTelemetryApi: CredentialDescriptor = {
  label: 'OpenTelemetry Collector',
  name: 'openTelemetryApi',
  description: 'An OTLP/HTTP collector that takes traces as JSON; flows send traces of their runs to it (Analytics).',
  inputs: [
    {
      label: 'Endpoint',
      name: 'openTelemetryEndpoint',
      type: 'string',
      placeholder: 'http://collector:4318',
      description: 'A bare address gets the standard path /v1/traces; an address with a path is used as given.',
    },
    {
      label: 'Headers',
      name: 'openTelemetryHeaders',
      type: 'password',
      optional: true,
      placeholder: 'Authorization=Bearer …,x-team=shop',
      description: 'Sent with every export, as name=value pairs separated by commas (OTEL_EXPORTER_OTLP_HEADERS).',
    },
  ],
}
