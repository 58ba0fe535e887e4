import { describe, expect, it } from 'vitest'
import { isToolIconSrc, TOOL_ICON_SRC_MAX } from './tool-icon-src.js'

describe('tool icon sources', () => {
  it('takes web addresses, paths on this server and image data', () => {
    for (const src of [
      'https://example.com/icons/tool.svg',
      'http://example.com:8080/a.png?size=2',
      '/api/v1/node-icon/customTool',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/svg+xml;utf8,<svg></svg>',
    ]) {
      expect(isToolIconSrc(src), src).toBe(true)
    }
  })

  it('refuses other schemes, other hosts by //, text data and overly long sources', () => {
    for (const src of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      '//evil.example/x.png',
      'data:text/html,<script>alert(1)</script>',
      'icon.png',
      'https://',
      'https://example.com/a b.png',
      `https://example.com/${'a'.repeat(TOOL_ICON_SRC_MAX)}`,
    ]) {
      expect(isToolIconSrc(src), src).toBe(false)
    }
  })
})
