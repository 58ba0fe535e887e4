// jsdom has no layout: CodeMirror measures text through Range rectangles, which jsdom lacks.
// Empty rectangles let the editor run in tests (it then measures nothing, which tests do not need).
const emptyRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) })

export function stubTextLayout() {
  Range.prototype.getClientRects ??= () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as any
  Range.prototype.getBoundingClientRect ??= () => emptyRect() as DOMRect
}
