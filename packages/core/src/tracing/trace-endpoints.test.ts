import { describe, expect, it } from 'vitest'
import { collectorTracesUrl, langfuseTracesUrl, phoenixTracesUrl } from './trace-endpoints.js'

describe('trace endpoints', () => {
  it('puts Langfuse’s OTLP path below its address, or the cloud’s when none is given', () => {
    expect(langfuseTracesUrl('https://langfuse.example.com/')).toBe(
      'https://langfuse.example.com/api/public/otel/v1/traces',
    )
    expect(langfuseTracesUrl(undefined)).toBe('https://cloud.langfuse.com/api/public/otel/v1/traces')
    expect(langfuseTracesUrl('  ')).toBe('https://cloud.langfuse.com/api/public/otel/v1/traces')
    expect(langfuseTracesUrl('https://l.example/api/public/otel/v1/traces')).toBe(
      'https://l.example/api/public/otel/v1/traces',
    )
  })

  it('puts Phoenix’s path below the address of a server or of a cloud space', () => {
    expect(phoenixTracesUrl('http://phoenix.local:6006')).toBe('http://phoenix.local:6006/v1/traces')
    expect(phoenixTracesUrl('https://app.phoenix.arize.com/s/team//')).toBe(
      'https://app.phoenix.arize.com/s/team/v1/traces',
    )
    expect(phoenixTracesUrl(undefined)).toBe('https://app.phoenix.arize.com/v1/traces')
  })

  it('gives a bare collector address the standard path and keeps an address with a path', () => {
    expect(collectorTracesUrl('http://collector:4318')).toBe('http://collector:4318/v1/traces')
    expect(collectorTracesUrl('http://collector:4318/')).toBe('http://collector:4318/v1/traces')
    expect(collectorTracesUrl('https://otel.example/otlp/v1/traces')).toBe('https://otel.example/otlp/v1/traces')
  })
})
