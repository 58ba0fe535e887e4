// `require('axios')` and `require('node-fetch')` in the sandbox, both over the sandbox's own fetch,
// so every request goes through the outbound guard with its limits (20 requests, 5 MB answers, the
// run's time). As in Flowise's wrapper (flowise-components' secureAxiosRequest), axios answers every
// status instead of throwing on 4xx/5xx. Source text run in QuickJS (see modules.ts).

const NEEDS_FETCH = (name: string) => String.raw`
if (typeof fetch !== 'function') {
  throw new Error("require('${name}'): this custom code may not make requests (it has no fetch)")
}
`

export const NODE_FETCH_SHIM = String.raw`
'use strict'
${NEEDS_FETCH('node-fetch')}
const url = require('url')
function nodeFetch(resource, options) {
  const init = options === undefined || options === null ? {} : Object.assign({}, options)
  if (init.body instanceof url.URLSearchParams) {
    init.headers = Object.assign({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }, init.headers)
    init.body = init.body.toString()
  }
  return fetch(resource instanceof url.URL ? resource.href : resource, init)
}
nodeFetch.default = nodeFetch
return nodeFetch
`

export const AXIOS_SHIM = String.raw`
'use strict'
${NEEDS_FETCH('axios')}
const url = require('url')
const Buffer = require('buffer').Buffer

function hasHeader(headers, name) {
  return Object.keys(headers).some((key) => key.toLowerCase() === name)
}
function withParams(address, params) {
  if (!params) return address
  const query = params instanceof url.URLSearchParams ? params.toString() : new url.URLSearchParams(
    Object.keys(params).filter((key) => params[key] !== undefined && params[key] !== null).map((key) => [key, params[key] instanceof Date ? params[key].toISOString() : typeof params[key] === 'object' ? JSON.stringify(params[key]) : params[key]]),
  ).toString()
  if (!query) return address
  return address + (address.indexOf('?') === -1 ? '?' : '&') + query
}
function body(data, headers) {
  if (data === undefined || data === null) return undefined
  if (typeof data === 'string') return data
  if (data instanceof url.URLSearchParams) {
    if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/x-www-form-urlencoded;charset=utf-8'
    return data.toString()
  }
  if (Buffer.isBuffer(data)) return data.toString('utf8')
  if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json'
  return JSON.stringify(data)
}
function joinUrl(base, address) {
  if (!base || /^[a-z][a-z0-9+.-]*:/i.test(address)) return address
  return base.replace(/\/+$/, '') + '/' + address.replace(/^\/+/, '')
}
function readData(text, responseType) {
  if (responseType === 'text') return text
  if (typeof text !== 'string' || text === '') return text
  try { return JSON.parse(text) } catch { return text }
}
// Default headers: their own text values, then headers.common (axios.defaults.headers.common.X = …).
function mergeConfig(defaults, config) {
  const merged = Object.assign({}, defaults, config)
  const own = defaults.headers || {}
  const plain = {}
  for (const name of Object.keys(own)) if (typeof own[name] === 'string') plain[name] = own[name]
  merged.headers = Object.assign(plain, own.common, config.headers)
  return merged
}

function createInstance(defaults) {
  async function request(configOrUrl, more) {
    const given = typeof configOrUrl === 'string' ? Object.assign({}, more, { url: configOrUrl }) : configOrUrl || {}
    const config = mergeConfig(axios.defaults, given)
    if (!config.url) throw new TypeError('axios: the request has no url')
    const headers = Object.assign({ accept: 'application/json, text/plain, */*' }, config.headers)
    if (config.auth) headers.authorization = 'Basic ' + Buffer.from(config.auth.username + ':' + config.auth.password).toString('base64')
    const method = (config.method || 'get').toUpperCase()
    const address = withParams(joinUrl(config.baseURL, String(config.url)), config.params)
    const response = await fetch(address, { method, headers, body: body(config.data, headers) })
    const text = await response.text()
    const responseHeaders = {}
    response.headers.forEach((value, name) => { responseHeaders[name] = value })
    return { data: readData(text, config.responseType), status: response.status, statusText: response.statusText, headers: responseHeaders, config, request: { url: response.url } }
  }
  const axios = function axios(configOrUrl, more) { return request(configOrUrl, more) }
  axios.request = (config) => request(config)
  for (const method of ['get', 'delete', 'head', 'options']) {
    axios[method] = (address, config) => request(Object.assign({}, config, { method, url: address }))
  }
  for (const method of ['post', 'put', 'patch']) {
    axios[method] = (address, data, config) => request(Object.assign({}, config, { method, url: address, data }))
  }
  axios.defaults = Object.assign({}, defaults, { headers: Object.assign({ common: {} }, defaults.headers) })
  axios.create = (more) => createInstance(mergeConfig(axios.defaults, more || {}))
  axios.isAxiosError = (value) => Boolean(value && value.isAxiosError)
  axios.default = axios
  return axios
}
return createInstance({ headers: { common: {} } })
`
