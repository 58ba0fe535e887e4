// `require('events')` in the sandbox: an EventEmitter with Node's on/once/off/emit and friends,
// and events.once as a promise. Source text run in QuickJS (see modules.ts).

export const EVENTS_SHIM = String.raw`
'use strict'
function listenerOf(entry) {
  return entry.listener
}
class EventEmitter {
  constructor() {
    Object.defineProperty(this, '_events', { value: new Map(), writable: true, configurable: true })
  }
  _list(name) {
    if (!this._events) Object.defineProperty(this, '_events', { value: new Map(), writable: true, configurable: true })
    return this._events.get(name) || []
  }
  _add(name, listener, once, prepend) {
    if (typeof listener !== 'function') throw new TypeError('The "listener" argument must be of type function')
    const list = this._list(name).slice()
    const entry = { listener, once }
    if (prepend) list.unshift(entry)
    else list.push(entry)
    this._events.set(name, list)
    return this
  }
  on(name, listener) { return this._add(name, listener, false, false) }
  addListener(name, listener) { return this._add(name, listener, false, false) }
  prependListener(name, listener) { return this._add(name, listener, false, true) }
  once(name, listener) { return this._add(name, listener, true, false) }
  prependOnceListener(name, listener) { return this._add(name, listener, true, true) }
  off(name, listener) {
    const list = this._list(name)
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i].listener === listener) {
        this._events.set(name, list.slice(0, i).concat(list.slice(i + 1)))
        break
      }
    }
    return this
  }
  removeListener(name, listener) { return this.off(name, listener) }
  removeAllListeners(name) {
    if (name === undefined) this._events = new Map()
    else this._list(name) && this._events.delete(name)
    return this
  }
  emit(name) {
    const list = this._list(name)
    const args = Array.prototype.slice.call(arguments, 1)
    if (list.length === 0) {
      if (name === 'error') throw args[0] instanceof Error ? args[0] : new Error('Unhandled error. (' + String(args[0]) + ')')
      return false
    }
    for (let i = 0; i < list.length; i++) {
      if (list[i].once) this.off(name, list[i].listener)
      list[i].listener.apply(this, args)
    }
    return true
  }
  listeners(name) { return this._list(name).map(listenerOf) }
  rawListeners(name) { return this.listeners(name) }
  listenerCount(name) { return this._list(name).length }
  eventNames() { return this._events ? Array.from(this._events.keys()).filter((name) => this._list(name).length > 0) : [] }
  setMaxListeners() { return this }
  getMaxListeners() { return 10 }
}
EventEmitter.EventEmitter = EventEmitter
EventEmitter.defaultMaxListeners = 10
EventEmitter.once = function once(emitter, name) {
  return new Promise((resolve, reject) => {
    const onError = (error) => { emitter.off(name, onEvent); reject(error) }
    const onEvent = function () { if (name !== 'error') emitter.off('error', onError); resolve(Array.prototype.slice.call(arguments)) }
    emitter.once(name, onEvent)
    if (name !== 'error') emitter.once('error', onError)
  })
}
return EventEmitter
`
