import { useEffect, useRef, useState } from 'react'

export const MICROPHONE_REFUSED =
  'The browser did not allow the microphone. Allow it for this site in the browser’s settings, or type your question.'
export const NO_RECORDING = 'This browser cannot record audio here; type your question instead.'

/** Why the microphone could not be opened, as the person at it can act on it. */
function microphoneProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return MICROPHONE_REFUSED
  if (name === 'NotFoundError') return 'No microphone was found. Connect one, or type your question.'
  return 'The microphone could not be opened; type your question instead.'
}

/**
 * Records from the microphone with the browser's MediaRecorder. `stop` ends the recording and
 * hands the audio to `onRecorded`; leaving (unmounting) drops it and frees the microphone.
 */
export function useVoiceRecorder(onRecorded: (audio: Blob) => void, onProblem: (message: string) => void) {
  const [recording, setRecording] = useState(false)
  const recorder = useRef<MediaRecorder | null>(null)
  const latest = useRef({ onRecorded, onProblem })
  useEffect(() => {
    latest.current = { onRecorded, onProblem }
  })

  useEffect(
    () => () => {
      const current = recorder.current
      recorder.current = null
      if (current && current.state !== 'inactive') {
        current.onstop = null
        current.stop()
        current.stream.getTracks().forEach((track) => track.stop())
      }
    },
    [],
  )

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      latest.current.onProblem(NO_RECORDING)
      return
    }
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch (error) {
      latest.current.onProblem(microphoneProblem(error))
      return
    }
    const chunks: Blob[] = []
    const next = new MediaRecorder(stream)
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    next.onstop = () => {
      stream.getTracks().forEach((track) => track.stop())
      setRecording(false)
      latest.current.onRecorded(new Blob(chunks, { type: next.mimeType || 'audio/webm' }))
    }
    recorder.current = next
    next.start()
    setRecording(true)
  }

  function stop() {
    const current = recorder.current
    recorder.current = null
    if (current && current.state !== 'inactive') current.stop()
  }

  return { recording, start, stop }
}
