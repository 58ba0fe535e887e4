import type { Appearance } from './appearance'

/** The widget's CSS; it lives in a shadow root, so the page's styles neither reach in nor are touched. */
export function widgetStyles({ colors, fontSize, width, height, button }: Appearance): string {
  return `
:host { all: initial; }
* { box-sizing: border-box; }
.chat { display: flex; flex-direction: column; height: 100%; width: 100%; background: ${colors.background};
  font: ${fontSize}px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: ${colors.botText}; }
.popup { position: fixed; right: ${button.right}px; bottom: ${button.bottom + button.size + 16}px; z-index: 2147483000;
  width: min(${width}px, calc(100vw - 32px)); height: min(${height}px, calc(100vh - ${button.bottom + button.size + 40}px));
  border-radius: 12px; overflow: hidden; box-shadow: 0 12px 40px rgba(0,0,0,.22); }
.popup[hidden] { display: none; }
.head { display: flex; align-items: center; gap: 8px; padding: 12px 16px; background: ${colors.userBg}; color: ${colors.userText}; font-weight: 600; }
.head span { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.icon { border: 0; background: none; color: inherit; cursor: pointer; padding: 4px; border-radius: 6px; display: inline-flex; }
.icon:hover { background: rgba(0,0,0,.08); }
.icon svg { width: 20px; height: 20px; fill: currentColor; }
.log { flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 10px; }
.msg { max-width: 85%; padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.bot { align-self: flex-start; background: ${colors.botBg}; color: ${colors.botText}; }
.user { align-self: flex-end; background: ${colors.userBg}; color: ${colors.userText}; }
.error { background: #fdecea; color: #b3261e; }
.typing::after { content: '…'; animation: blink 1s infinite; }
@keyframes blink { 50% { opacity: .3; } }
.prompts { display: flex; flex-wrap: wrap; gap: 6px; padding: 0 16px 8px; }
.prompts button { border: 1px solid ${colors.userBg}; color: ${colors.userBg}; background: transparent; border-radius: 16px;
  padding: 4px 12px; font: inherit; font-size: .85em; cursor: pointer; }
.form { display: flex; align-items: flex-end; gap: 8px; padding: 10px 12px; border-top: 1px solid rgba(0,0,0,.08); background: ${colors.inputBg}; }
.form textarea { flex: 1; resize: none; border: 0; outline: none; font: inherit; color: ${colors.inputText}; background: transparent;
  max-height: 120px; padding: 6px 4px; }
.send { color: ${colors.send}; }
.send:disabled { opacity: .4; cursor: default; }
.bubble { position: fixed; right: ${button.right}px; bottom: ${button.bottom}px; z-index: 2147483000; width: ${button.size}px; height: ${button.size}px;
  border: 0; border-radius: 50%; background: ${button.backgroundColor}; color: ${button.iconColor}; cursor: pointer;
  display: flex; align-items: center; justify-content: center; box-shadow: 0 6px 20px rgba(0,0,0,.25); }
.bubble svg { width: 50%; height: 50%; fill: currentColor; }
`
}
