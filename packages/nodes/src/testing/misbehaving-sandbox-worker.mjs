// A sandbox worker for the pool's tests that speaks the protocol of sandbox-protocol.ts but
// misbehaves on demand, as no QuickJS run can: code "crash" ends the thread, "throw" fails it with
// an uncaught error, "hang" never answers and ignores the stop flag. Other code answers with itself.
import { parentPort } from 'node:worker_threads'

parentPort.on('message', ({ code }) => {
  if (code === 'crash') process.exit(3)
  if (code === 'throw') throw new Error('boom')
  if (code === 'hang') for (;;);
  parentPort.postMessage({ type: 'done', json: JSON.stringify({ value: code }) })
})
parentPort.postMessage({ type: 'ready' })
