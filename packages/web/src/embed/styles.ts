import type { Appearance } from './appearance'

/** The widget's CSS; it lives in a shadow root, so the page's styles neither reach in nor are touched. */
export function widgetStyles({ view, width, height, button }: Appearance): string {
  const { botMessage: bot, userMessage: user, textInput: input } = view
  return `
:host { all: initial; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.chat { display: flex; flex-direction: column; height: 100%; width: 100%; background: ${view.backgroundColor};
  font: ${view.fontSize}px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: ${bot.textColor}; }
.popup { position: fixed; right: ${button.right}px; bottom: ${button.bottom + button.size + 16}px; z-index: 2147483000;
  width: min(${width}px, calc(100vw - 32px)); height: min(${height}px, calc(100vh - ${button.bottom + button.size + 40}px));
  border-radius: 12px; overflow: hidden; box-shadow: 0 12px 40px rgba(0,0,0,.22); }
.head { display: flex; align-items: center; gap: 8px; padding: 12px 16px; background: ${view.titleBackgroundColor};
  color: ${view.titleTextColor}; font-weight: 600; }
.head span { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.head img { width: 28px; height: 28px; border-radius: 50%; object-fit: cover; }
.icon { border: 0; background: none; color: inherit; cursor: pointer; padding: 4px; border-radius: 6px; display: inline-flex; }
.icon:hover { background: rgba(0,0,0,.08); }
.icon svg { width: 20px; height: 20px; fill: currentColor; }
.log { flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 10px; }
.row { display: flex; gap: 8px; align-items: flex-start; max-width: 85%; }
.row.bot { align-self: flex-start; }
.row.user { align-self: flex-end; }
.row > img { width: 28px; height: 28px; border-radius: 50%; object-fit: cover; flex: none; }
.bubble-col { display: flex; flex-direction: column; align-items: flex-start; min-width: 0; }
.msg { padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.msg.bot { background: ${bot.backgroundColor}; color: ${bot.textColor}; }
.msg.user { background: ${user.backgroundColor}; color: ${user.textColor}; }
.msg.error { background: #fdecea; color: #b3261e; }
.typing::after { content: '…'; animation: blink 1s infinite; }
@keyframes blink { 50% { opacity: .3; } }
.thumbs { display: flex; gap: 2px; }
.thumbs .icon { color: ${bot.textColor}; opacity: .55; padding: 2px; }
.thumbs .icon[aria-pressed="true"] { opacity: 1; color: ${input.sendButtonColor}; }
.thumbs .icon svg { width: 16px; height: 16px; }
.prompts { display: flex; flex-wrap: wrap; gap: 6px; padding: 0 16px 8px; }
.prompts button { border: 1px solid ${input.sendButtonColor}; color: ${input.sendButtonColor}; background: transparent; border-radius: 16px;
  padding: 4px 12px; font: inherit; font-size: .85em; cursor: pointer; }
.notice { margin: 0 16px 12px; padding: 8px 12px; border-radius: 8px; background: #fdecea; color: #b3261e; }
.images { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 4px; justify-content: flex-end; }
.images img { width: 140px; height: auto; max-height: 180px; border-radius: 8px; border: 1px solid rgba(0,0,0,.12); object-fit: contain; }
.pending { display: flex; flex-wrap: wrap; gap: 4px; padding: 6px 12px 0; background: ${input.backgroundColor}; }
.pending .chip { display: inline-flex; align-items: center; gap: 2px; padding: 0 0 0 10px; border-radius: 14px; background: rgba(0,0,0,.08); color: ${input.textColor}; font-size: 13px; }
.pending .chip .icon svg { width: 14px; height: 14px; }
.form .icon { color: ${input.sendButtonColor}; }
.form { display: flex; align-items: flex-end; gap: 8px; padding: 10px 12px; border-top: 1px solid rgba(0,0,0,.08); background: ${input.backgroundColor}; }
.form textarea { flex: 1; resize: none; border: 0; outline: none; font: inherit; color: ${input.textColor}; background: transparent;
  max-height: 120px; padding: 6px 4px; }
.send { color: ${input.sendButtonColor}; }
.send:disabled { opacity: .4; cursor: default; }
.footer { text-align: center; font-size: 12px; padding: 4px 8px 8px; color: ${view.footer.textColor}; background: ${input.backgroundColor}; }
.footer a { color: inherit; font-weight: 600; }
.bubble { position: fixed; right: ${button.right}px; bottom: ${button.bottom}px; z-index: 2147483000; width: ${button.size}px; height: ${button.size}px;
  border: 0; border-radius: 50%; background: ${button.backgroundColor}; color: ${button.iconColor}; cursor: pointer;
  display: flex; align-items: center; justify-content: center; box-shadow: 0 6px 20px rgba(0,0,0,.25); }
.bubble svg { width: 50%; height: 50%; fill: currentColor; }
`
}
